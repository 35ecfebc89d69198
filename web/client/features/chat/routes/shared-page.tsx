import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SharedConversation } from '../../../../../core/chat/index.js';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import { SharedConversationView } from '../components/shared-conversation-view.js';
import { SiteLayout } from '../../../ui/site-layout.js';
import { toTurns } from '../state/chat-turns.js';

/**
 * /s/{token}: a conversation its owner shared, read-only, for anyone with the link and without
 * signing in. Nothing else of the owner is shown, and search engines are told not to index it.
 */
export default function SharedPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const { viewSharedConversation, listModels } = useUseCases();
  const [shared, setShared] = useState<SharedConversation | null | undefined>(undefined);
  const [labels, setLabels] = useState<Record<string, string>>({});

  useEffect(() => {
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex, nofollow';
    document.head.append(robots);
    return () => robots.remove();
  }, []);
  useEffect(() => {
    let live = true;
    void viewSharedConversation({ token }).then((opened) => live && setShared(opened.success ? opened.data : null));
    void listModels().then((r) => live && r.success && setLabels(Object.fromEntries(r.data.map((m) => [m.id, m.label]))));
    return () => {
      live = false;
    };
  }, [token, viewSharedConversation, listModels]);

  const turns = useMemo(
    () => (shared ? toTurns(shared.messages.map((m, i) => ({ ...m, id: `m${i}` })), null) : shared === null ? [] : undefined),
    [shared],
  );
  return (
    <SiteLayout actions={<Link href="/signup" className="btn btn--primary btn--sm">{t('share.tryIt')}</Link>}>
      <SharedConversationView title={shared?.title ?? null} sharedAt={shared?.sharedAt ?? null} turns={turns} missing={shared === null}
        labelOf={(id) => (id ? labels[id] ?? id : null)} />
    </SiteLayout>
  );
}
