/**
 * Optional help from an OpenAI-compatible chat API (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL).
 * The builder asks it for proposals only — field mappings, selectors, names — and verifies
 * every proposal by executing it; without it the build runs the same deterministic way.
 */
import { request } from 'undici';
import type { Config } from '../../config/index.js';
import { rethrowUnless } from '../../errors/expected.js';

export interface LlmAssist {
  /** Ask for a JSON object; resolves null when the model fails or answers something unusable. */
  askJson(system: string, user: string, signal?: AbortSignal): Promise<Record<string, unknown> | null>;
}

const TIMEOUT_MS = 20_000;
const MAX_PROMPT_CHARS = 24_000;

export function createLlmAssist(config: Pick<Config, 'llm'>): LlmAssist | null {
  const llm = config.llm;
  if (!llm) return null;
  return {
    async askJson(system, user, signal) {
      const body = {
        model: llm.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user.slice(0, MAX_PROMPT_CHARS) },
        ],
      };
      try {
        const res = await request(`${llm.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS),
        });
        const text = await res.body.text();
        if (res.statusCode < 200 || res.statusCode >= 300) return null;
        const content = (JSON.parse(text) as { choices?: Array<{ message?: { content?: string } }> }).choices?.[0]?.message?.content;
        if (!content) return null;
        const json = /\{[\s\S]*\}/.exec(content)?.[0];
        const parsed: unknown = json ? JSON.parse(json) : null;
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        // The model is an optional help: unreachable, too slow or answering no JSON is "no proposal".
        rethrowUnless(err, 'network', 'abort', 'json');
        return null;
      }
    },
  };
}
