import { describeOracle } from './oracle.js';
import { portalGroup } from './groups/portal.js';

describeOracle(portalGroup);
