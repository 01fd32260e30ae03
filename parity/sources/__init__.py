"""Where tool definitions come from: the agent side (``agent``) and the server side (``server``)."""
