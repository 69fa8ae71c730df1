"""Export diagnostics: one document that answers a helper's questions, redacted by default.

- :mod:`.redact`: personal details out (user and host names, GPU UUIDs and serials, IP and MAC
  addresses, e-mail addresses, credentials in URLs), counted per kind;
- :mod:`.environment`: the environment variables worth showing (an allowlist; secret-like names dropped);
- :mod:`.monitor_excerpt`: min/mean/max per metric over the last minutes;
- :mod:`.changes`: the configuration changes the app made (from the appliers' backup history);
- :mod:`.document`: the report document (``schema_version``) from a scan, its diagnosis and the rest;
- :mod:`.collect`: gathering the inputs on this machine (scan, latest benchmark, raw outputs, logs);
- :mod:`.render_md`, :mod:`.render_html`, :mod:`.render_text`, :mod:`.plots`, :mod:`.svg`: the formats;
- :mod:`.write`: the format of a file name, and atomic writes (a temporary file, then a rename).
"""
