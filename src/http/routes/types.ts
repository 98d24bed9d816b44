import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../services/deps.js';

/** A route module registers one operation: its schema and its handler, nothing else. */
export type RouteModule = (app: FastifyInstance, deps: ServiceDeps) => void;
