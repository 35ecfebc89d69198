import type { Hono } from 'hono';
import type { CheckoutPublicWire } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { SandboxHttpError } from '../../engine/errors.js';
import { html } from '../../engine/respond.js';
import { renderCheckoutPage, renderConfirmationPage, renderExpiredPage, renderMissingPage } from '../../pages/checkout-page.js';
import { checkoutBySecret } from './expiry.js';
import { checkoutPublicWire } from './wire.js';

/** Renders a page for the checkout behind `secret`, or the expired / not-found page. */
function withCheckout(ctx: SandboxContext, secret: string | undefined, render: (c: CheckoutPublicWire) => string): Response {
  try {
    const checkout = checkoutPublicWire(ctx, checkoutBySecret(ctx, secret)) as CheckoutPublicWire;
    return html(render(checkout));
  } catch (error) {
    if (error instanceof SandboxHttpError && error.status === 410) return html(renderExpiredPage(), 410);
    if (error instanceof SandboxHttpError && error.status === 404) return html(renderMissingPage(), 404);
    throw error;
  }
}

/** The hosted checkout at the checkout's `url` and its default confirmation page (README "Hosted checkout"). */
export function registerHostedCheckout(app: Hono, ctx: SandboxContext): void {
  app.get('/checkout/:secret', (c) =>
    withCheckout(ctx, c.req.param('secret'), (checkout) => renderCheckoutPage(checkout, ctx.publicUrl, c.req.header('accept-language'))),
  );
  app.get('/checkout/:secret/confirmation', (c) => withCheckout(ctx, c.req.param('secret'), renderConfirmationPage));
}
