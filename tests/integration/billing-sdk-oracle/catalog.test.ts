import { describeOracle } from './oracle.js';
import { catalogGroup } from './groups/catalog.js';

describeOracle(catalogGroup);
