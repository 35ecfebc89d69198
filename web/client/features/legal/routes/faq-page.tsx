import { FaqScreen } from '../components/faq-screen.js';
import { SiteLayout } from '../../../ui/site-layout.js';

export default function FaqPage() {
  return <SiteLayout><FaqScreen /></SiteLayout>;
}
