#!/bin/sh
# The browser tests' Chromium, started in Linux's idle scheduling class where `chrt` exists.
# Why (e2e/support/chromium.ts): Chromium's CPU throttling spins, so a page on the farmer preset
# keeps a core busy for as long as it is open; in the idle class that spin gives way to the
# servers and test runners. The binary comes in E2E_CHROMIUM_BINARY.
if command -v chrt >/dev/null 2>&1; then
  exec chrt --idle 0 "$E2E_CHROMIUM_BINARY" "$@"
fi
exec "$E2E_CHROMIUM_BINARY" "$@"
