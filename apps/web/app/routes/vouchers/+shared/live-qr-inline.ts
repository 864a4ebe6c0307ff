import { startLiveQr, type LiveQrRoot } from './live-qr-dom.ts'

// The QR page's inline script (ADR 084), bundled and minified into the server's HTML
// (inline-script-plugin.ts): it is placed right after the live part it starts (my-qr.tsx).
const root = document.currentScript?.previousElementSibling
if (root instanceof HTMLElement) startLiveQr(root as LiveQrRoot)
