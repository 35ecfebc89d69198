import type { Hono } from 'hono';
import type { SandboxContext } from '../engine/context.js';
import { registerBenefitGranting } from './benefits/granting.js';
import { registerBenefits } from './benefits/routes.js';
import { registerCustomFields } from './custom-fields.js';
import { registerCustomerMeters } from './customer-meters.js';
import { registerEvents } from './events.js';
import { registerFiles } from './files.js';
import { registerLicenseKeys } from './license-keys.js';
import { registerMeters } from './meters.js';
import { registerMetrics } from './metrics.js';
import { registerOAuth2 } from './oauth2.js';
import { registerPortalBenefits } from './portal/benefit-routes.js';

/**
 * Part 2 of the sandbox (benefits to OAuth2), appended to `SANDBOX_MODULES`. OAuth2 decorates
 * `ctx.auth` when it registers, so OAuth access tokens work on every module's routes.
 */
export const PART2_MODULES: readonly ((app: Hono, ctx: SandboxContext) => void)[] = [
  registerOAuth2,
  (_app, ctx) => registerBenefitGranting(ctx),
  registerBenefits,
  registerPortalBenefits,
  registerLicenseKeys,
  registerMeters,
  registerEvents,
  registerCustomerMeters,
  registerFiles,
  registerCustomFields,
  registerMetrics,
];
