"""The knowledge_graph agent."""
