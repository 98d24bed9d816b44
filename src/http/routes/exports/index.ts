/** Routes of the exports feature, registered by src/http/routes/index.ts. */
import type { RouteModule } from '../types.js';
import openapi from './openapi.js';
import mcpExport from './mcp-export.js';
import sdkExample from './sdk-example.js';
import mcp from './mcp.js';

export const ROUTES: RouteModule[] = [openapi, mcpExport, sdkExample, mcp];
