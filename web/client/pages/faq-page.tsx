import { FaqScreen } from '../screens/legal/faq-screen.js';
import { SiteLayout } from '../ui/site-layout.js';

export default function FaqPage() {
  return <SiteLayout><FaqScreen /></SiteLayout>;
}
