"""``cardscript lsp``: a Language Server (LSP over stdio) for card files and keywords files.

framing.py reads and writes the JSON-RPC messages, positions.py converts LSP positions
(0-based lines, UTF-16 columns) to offsets and back, server.py keeps the open buffers and
answers; the features reuse the commands' own code: ``validate`` (diagnostics.py),
``complete`` (completion.py), the registry (hover.py), the keywords files and the
cross-file references (definition.py) and ``fmt`` (formatting.py).
"""
