// The agent's built-in tool over its documents (docs/product-rules.md#knowledge): declared to the
// voice provider beside the integrator's tools, answered by our server with the passages found.

/** Its name, as the agent calls it. */
export const KNOWLEDGE_TOOL = 'search_knowledge';

export const knowledgeToolDefinition = {
  name: KNOWLEDGE_TOOL,
  description:
    "Search the business's own documents (its FAQ, price list, policies) for what the person asked. Use it before answering any question about the business; answer only from what it returns.",
  parameters: {
    type: 'object',
    properties: { query: { type: 'string', description: 'The question, in the person’s words.' } },
    required: ['query'],
  },
};
