"""A workflow-building agent and the MCP server it calls: parity's bundled example."""
