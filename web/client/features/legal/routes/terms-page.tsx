import { LegalDocument } from '../components/legal-document.js';
import { SiteLayout } from '../../../ui/site-layout.js';

export default function TermsPage() {
  return <SiteLayout><LegalDocument doc="terms" /></SiteLayout>;
}
