import { describeOracle } from './oracle.js';
import { commerceGroup } from './groups/commerce.js';

describeOracle(commerceGroup);
