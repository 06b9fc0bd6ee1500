import Anthropic from "@anthropic-ai/sdk";
import { abortableDelay } from "./abortable-delay.js";
import { fromWireResponse, toWireRequest } from "./anthropic-wire.js";
import type { Turn } from "./message.js";
import type { CallOptions, Provider, TurnRequest } from "./provider.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy, withRetries } from "./retry-policy.js";

export interface AnthropicOptions {
  apiKey: string;
  model: string;
  maxTokens?: number;
  /** A turn that takes longer is aborted and retried like a transient failure. */
  turnTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  baseURL?: string;
  onRetry?: (attempt: number, waitMs: number, reason: string) => void;
}

/** Claude through the Messages API, with our retry policy and prompt-caching markers. */
export class AnthropicProvider implements Provider {
  readonly name = "anthropic";
  readonly model: string;
  readonly #client: Anthropic;
  readonly #maxTokens: number;
  readonly #timeoutMs: number;
  readonly #retry: RetryPolicy;
  readonly #onRetry: AnthropicOptions["onRetry"];

  constructor(options: AnthropicOptions) {
    this.model = options.model;
    this.#maxTokens = options.maxTokens ?? 8192;
    this.#timeoutMs = options.turnTimeoutMs ?? 600_000;
    this.#retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#onRetry = options.onRetry;
    // maxRetries 0: the SDK would otherwise retry underneath our policy and hide it.
    this.#client = new Anthropic({
      apiKey: options.apiKey,
      maxRetries: 0,
      timeout: this.#timeoutMs,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    });
  }

  async complete(request: TurnRequest, _view?: unknown, options: CallOptions = {}): Promise<Turn> {
    const body = toWireRequest(request, this.model, this.#maxTokens);
    const { signal } = options;
    // An interrupt aborts the request in flight and any backoff wait between retries.
    const policy = signal
      ? { ...this.#retry, sleep: (ms: number) => abortableDelay(ms, signal) }
      : this.#retry;
    const response = await withRetries(
      () => {
        signal?.throwIfAborted();
        return this.#client.messages.create(body, {
          timeout: this.#timeoutMs,
          maxRetries: 0,
          ...(signal ? { signal } : {}),
        });
      },
      policy,
      this.#onRetry,
    );
    return fromWireResponse(response);
  }
}
