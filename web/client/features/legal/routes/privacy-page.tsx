import { LegalDocument } from '../components/legal-document.js';
import { SiteLayout } from '../../../ui/site-layout.js';

export default function PrivacyPage() {
  return <SiteLayout><LegalDocument doc="privacy" /></SiteLayout>;
}
