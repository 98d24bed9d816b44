/** The official MCP client on Streamable HTTP, connected to a listening Quarry app with a key. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export async function connectMcp(baseUrl: string, headers: Record<string, string>): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } });
  const client = new Client({ name: 'quarry-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The JSON of a result's first text part. */
export function resultJson(result: CallToolResult): any {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`no text content: ${JSON.stringify(result)}`);
  return JSON.parse(first.text);
}
