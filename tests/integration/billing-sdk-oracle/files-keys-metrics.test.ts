import { describeOracle } from './oracle.js';
import { filesKeysMetricsGroup } from './groups/files-keys-metrics.js';

describeOracle(filesKeysMetricsGroup);
