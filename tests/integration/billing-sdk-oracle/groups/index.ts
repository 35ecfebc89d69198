import type { OracleGroup } from '../oracle.js';
import type { OracleWorld } from '../world.js';
import { benefitsGroup } from './benefits.js';
import { catalogGroup } from './catalog.js';
import { checkoutsGroup } from './checkouts.js';
import { commerceGroup } from './commerce.js';
import { customersGroup } from './customers.js';
import { filesKeysMetricsGroup } from './files-keys-metrics.js';
import { platformGroup } from './platform.js';
import { portalGroup } from './portal.js';
import { usageGroup } from './usage.js';

/** Every oracle group; each has its own test file (`../<group>.test.ts`) and sandbox. */
export const ORACLE_GROUPS: readonly OracleGroup<OracleWorld>[] = [
  benefitsGroup, checkoutsGroup, usageGroup, portalGroup, customersGroup, catalogGroup, commerceGroup, filesKeysMetricsGroup, platformGroup,
];
