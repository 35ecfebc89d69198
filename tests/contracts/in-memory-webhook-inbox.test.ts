import { InMemoryWebhookInbox } from '../../adapters/in-memory/in-memory-webhook-inbox.js';
import { webhookInboxContract } from './webhook-inbox.contract.js';

webhookInboxContract('InMemoryWebhookInbox', async () => new InMemoryWebhookInbox());
