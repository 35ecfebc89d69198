import { toJson } from './respond.js';
import { summarizeEvent, type EventSummary, type SummaryTone } from './webhook-summary.js';

/**
 * Bodies for `discord` and `slack` webhook endpoints (an endpoint's format is raw, discord or
 * slack): what those services' incoming webhooks accept, so an endpoint can point straight at a
 * chat channel. Limits are the services' own (Discord: title 256, description 4096,
 * 25 fields, name 256, value 1024; Slack: section text 3000, 10 fields of 2000, context 10 elements).
 */

export type ChatFormat = 'discord' | 'slack';

export const SENDER_NAME = 'Billing sandbox';

const clip = (value: string, max: number): string => (value.length <= max ? value : `${value.slice(0, max - 1)}…`);

const DISCORD_COLOR: Record<SummaryTone, number> = { good: 0x2e9d5b, bad: 0xd64545, neutral: 0x3b82f6 };
const SLACK_MARK: Record<SummaryTone, string> = { good: ':large_green_circle:', bad: ':red_circle:', neutral: ':large_blue_circle:' };

/** Discord renders markdown in embeds: an e-mail like a_b_c@x must not turn italic. */
const discordText = (value: string): string => value.replace(/([\\*_~`|>])/g, '\\$1');

/** Slack mrkdwn reserves only these three characters. */
const slackText = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Discord refuses a message whose embed texts add up to more than 6000 characters. */
const DISCORD_EMBED_BUDGET = 6000;

export function discordPayload(summary: EventSummary) {
  const title = clip(summary.title, 256);
  const description = clip(summary.objectId === null ? summary.type : `ID \`${summary.objectId}\``, 4096);
  const footer = clip(summary.type, 2048);
  let budget = DISCORD_EMBED_BUDGET - title.length - description.length - footer.length;
  const fields: { name: string; value: string; inline: boolean }[] = [];
  for (const f of summary.fields.slice(0, 25)) {
    const field = { name: clip(f.label, 256), value: clip(discordText(f.value), 1024), inline: true };
    budget -= field.name.length + field.value.length;
    if (budget < 0) break;
    fields.push(field);
  }
  return {
    username: SENDER_NAME,
    embeds: [{ title, description, color: DISCORD_COLOR[summary.tone], fields, timestamp: summary.timestamp, footer: { text: footer } }],
  };
}

export function slackPayload(summary: EventSummary) {
  const id = summary.objectId === null ? '' : ` ${summary.objectId}`;
  const head = `${SLACK_MARK[summary.tone]} *${slackText(summary.title)}*${summary.objectId === null ? '' : `\nID \`${slackText(summary.objectId)}\``}`;
  const blocks: unknown[] = [{ type: 'section', text: { type: 'mrkdwn', text: clip(head, 3000) } }];
  if (summary.fields.length > 0) {
    blocks.push({
      type: 'section',
      fields: summary.fields.slice(0, 10).map((f) => ({ type: 'mrkdwn', text: clip(`*${slackText(f.label)}*\n${slackText(f.value)}`, 2000) })),
    });
  }
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `\`${slackText(summary.type)}\` · ${slackText(summary.timestamp)} · ${SENDER_NAME}` }] });
  // `text` is the notification and screen-reader fallback when blocks are shown.
  return { text: clip(slackText(`${summary.title}${id}`), 3000), blocks };
}

/** The JSON body sent to a chat endpoint for one event. */
export function chatWebhookBody(format: ChatFormat, type: string, timestamp: string, data: unknown): string {
  const summary = summarizeEvent(type, timestamp, data);
  return toJson(format === 'discord' ? discordPayload(summary) : slackPayload(summary));
}

export const isChatFormat = (format: string): format is ChatFormat => format === 'discord' || format === 'slack';
