"""Browser tests (Playwright + Debian Chromium)."""
