// docs/product/shell.md: the first paint never waits for scripts. On a 400 kbps line the page's
// ~130 KB of JavaScript took the bandwidth the HTML and CSS needed (first paint 6-7 s on the
// farmer preset); the page works without its scripts, so they are fetched once it has been drawn.
// The server renames React Router's module preloads and its module script so that the browser
// leaves them alone; the starter below (placed after them) turns them back on after the first
// frame. ADR 029 says why and what it bought.

/** The rel a module preload carries until the first paint. */
export const DEFERRED_PRELOAD_REL = 'x-modulepreload'
/** The type React Router's inline module script carries until the first paint. */
export const DEFERRED_MODULE_TYPE = 'text/x-module'

/** Where the starter keeps what was typed into a form field (by name) until the page hydrates. */
export const TYPED_BEFORE_HYDRATION = '__typedBeforeHydration'

/**
 * Marks a form whose fields show the page's address (a list's search, filters and sort). Such a
 * form autocompletes nothing (so the browser does not put back, on Back, what was typed on the
 * page before it was left), and a page restored from the back-forward cache before its scripts
 * ran has the form reset to what its address says.
 */
export const ADDRESS_STATE_ATTRIBUTE = 'data-address-state'

/**
 * The starter, a classic inline script: it records what the farmer types or picks before the
 * scripts arrive (a field React controls would otherwise go back to its first value at the next
 * render; see typed-before-hydration.ts), and after the first frame (a requestAnimationFrame callback
 * runs only once rendering is no longer blocked by the CSS, and a task queued from it runs after
 * that frame is painted; a tab opened in the background starts them when it is first shown) it
 * adds the preloads, one per task (starting a request costs a few milliseconds of the page's
 * thread, and eight of them in one task made a long task on a slow phone), and then the module
 * script, carrying its own CSP nonce over to it. A page the
 * back-forward cache brings back before it hydrated has its address forms reset (see
 * ADDRESS_STATE_ATTRIBUTE) and what was typed into them forgotten.
 */
export const SCRIPTS_AFTER_PAINT_STARTER = `(function(){var d=document,w=window,n=d.currentScript.nonce,s=0;w.${TYPED_BEFORE_HYDRATION}={};function rec(e){var t=e.target,r=w.${TYPED_BEFORE_HYDRATION};if(r&&t&&t.name&&t.form)r[t.name]=t.type==='checkbox'&&!t.checked?'':t.value}d.addEventListener('input',rec,true);d.addEventListener('change',rec,true);function go(){if(s)return;s=1;var q=[].slice.call(d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]'));(function next(){var l=q.shift(),p,m,e;if(l){p=d.createElement('link');p.rel='modulepreload';p.href=l.getAttribute('href');d.head.appendChild(p);setTimeout(next,0);return}m=d.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(m){e=d.createElement('script');e.type='module';e.nonce=n;e.textContent=m.textContent;d.head.appendChild(e)}})()}w.addEventListener('pageshow',function(e){var r=w.${TYPED_BEFORE_HYDRATION};if(e.persisted&&r)d.querySelectorAll('form[${ADDRESS_STATE_ATTRIBUTE}]').forEach(function(f){f.reset();Array.prototype.forEach.call(f.elements,function(x){if(x.name)delete r[x.name]})})});requestAnimationFrame(function(){setTimeout(go,0)})})()`
