import { privacy } from '@/features/legal/content/privacy';
import { LegalDocument } from '@/features/legal/components/legal-document';

export function PrivacyPage() {
  return <LegalDocument document={privacy} />;
}
