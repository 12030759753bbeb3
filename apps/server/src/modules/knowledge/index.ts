/**
 * The knowledge module (000 §2 TKS, KSA, KU; issue 25: CyBOK, work-role coverage, alignment suggestions):
 * its API under /api/v1.
 */
import type { FastifyPluginAsync } from 'fastify';
import { API_V1 } from '../../lib/api-prefix.js';
import knowledgeRoutes from './knowledge.routes.js';
import alignmentSuggestionRoutes from './alignment-suggestions.routes.js';

/** Registers the module's routes. */
export const knowledgeModule: FastifyPluginAsync = async (app) => {
  await app.register(knowledgeRoutes, { prefix: API_V1 });
  await app.register(alignmentSuggestionRoutes, { prefix: API_V1 });
};
