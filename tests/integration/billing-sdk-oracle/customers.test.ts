import { describeOracle } from './oracle.js';
import { customersGroup } from './groups/customers.js';

describeOracle(customersGroup);
