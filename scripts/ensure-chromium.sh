#!/usr/bin/env bash
# Browser tests drive Debian's Chromium. Install it when we can; otherwise say how, in one line.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Instalando chromium (Debian) para las pruebas de navegador..."
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Falta Chromium en $CHROMIUM: instálelo con 'sudo apt-get install chromium' (o defina CHROMIUM_PATH) y vuelva a ejecutar npm test." >&2
exit 1
