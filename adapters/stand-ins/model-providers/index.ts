// Local stand-ins of the model providers' wire protocols (OpenAI, Anthropic, Google, an OpenAI-compatible
// endpoint): the package's entry (@ensemble/model-provider-stand-ins).
export {
  answerWords,
  MIDSTREAM_ERROR,
  STAND_IN_INPUT_TOKENS,
  STAND_IN_KEEP_ALIVE_MS,
  startProviderStandIn,
  type FirstPartyProvider,
  type ProviderRequest,
  type ProviderStandIn,
} from './first-party-provider-stand-ins.js';
export { startOpenAiCompatibleStandIn, type ReceivedRequest, type StandIn } from './openai-compatible-stand-in.js';
export { anthropicRefusal, googleRefusal, inlineImages, openaiRefusal, PROVIDER_LIMITS, type InlineImage, type LimitRefusal } from './provider-request-limits.js';
