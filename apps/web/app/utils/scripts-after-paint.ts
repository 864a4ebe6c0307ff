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
 * Set by the starter on a form with a field changed before the page hydrated. Until the form takes
 * the change over (typed-before-hydration.ts, which then removes the mark), the page's own CSS
 * marks what the change has made stale: a calculator's answer, a cart's totals (docs/product/shell.md,
 * Before the scripts arrive).
 */
export const TYPED_FORM_ATTRIBUTE = 'data-typed'

/**
 * Set by the starter once a form has been posted by the browser itself, before the page hydrated.
 * Until the next page comes, no other form of this page is sent, with or without the scripts that
 * may arrive meanwhile: a tap repeated on 2G would otherwise run the action twice (an add to cart
 * counted twice).
 */
export const POSTED_BEFORE_HYDRATION = '__postedBeforeHydration'

/**
 * Where the starter keeps the forms the browser itself posted (no script stopped the submit): their
 * answer is a new page on its way, which the page's scripts must not send a second time when they
 * arrive in the meantime (see typed-before-hydration.ts, useSentBeforeHydration).
 */
export const SENT_BEFORE_HYDRATION = '__sentBeforeHydration'

/**
 * Marks a form whose fields show the page's address (a list's search, filters and sort). Such a
 * form autocompletes nothing (so the browser does not put back, on Back, what was typed on the
 * page before it was left), and a page restored from the back-forward cache before its scripts
 * ran has the form reset to what its address says.
 */
export const ADDRESS_STATE_ATTRIBUTE = 'data-address-state'

/**
 * Marks a page that must run its scripts without waiting for the farmer's first interaction (a
 * toast to show, a button that only the scripts bring): see components/scripts-now.tsx.
 */
export const SCRIPTS_NOW_ATTRIBUTE = 'data-scripts-now'

/**
 * Marks a page that exists to be used (a calculator, the cart): its scripts are downloaded, one
 * file at a time and at low priority, once the page has loaded, but run only at the farmer's first
 * interaction as on every page (ADR 066). The tap that starts them then waits for their
 * evaluation, not for 110-130 KB on a slow line. Never with Save-Data or on 2G.
 */
export const SCRIPTS_EARLY_ATTRIBUTE = 'data-scripts-early'

/**
 * What counts as the farmer starting to use the page (ADR 031): a touch, a click, a key, a field
 * focused, a pointer moved, or a scroll. Each is caught on the window in the capture phase, so no
 * handler of the page can hide it. A pointer "moved" to the page's very corner (0, 0) does not
 * count: a browser may send one there by itself once a page has loaded, with nobody at the page
 * (Chromium's headless shell does, ADR 088), and no hand starts on that one pixel.
 */
export const FIRST_INTERACTION_EVENTS = [
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'mousemove',
  'wheel',
  'scroll',
] as const

/**
 * docs/product/shell.md (A new version): a script file that fails to load because it is gone
 * (404: the shop was deployed since the page came) reloads the page once, so the new version is
 * fetched whole; a second failure within 10 seconds is left to show its error, never a loop. A
 * file that fails because the network dropped does not reload (offline, that would lose the page).
 */
export const CHUNK_RELOAD_KEY = 'padi:chunk-reload'
export const CHUNK_RELOAD_GUARD_MS = 10_000

/**
 * The starter, a classic inline script: it records what the farmer types or picks before the
 * scripts arrive (a field React controls would otherwise go back to its first value at the next
 * render; see typed-before-hydration.ts). At the farmer's first interaction (ADR 031), or at once on
 * a page marked with SCRIPTS_NOW_ATTRIBUTE, it waits for a painted frame (a requestAnimationFrame
 * callback runs only once rendering is no longer blocked by the CSS, and a task queued from it
 * runs after that frame is painted), then adds the preloads, one per task (starting a request
 * costs a few milliseconds of the page's thread, and eight of them in one task made a long task on
 * a slow phone), and then the module script, carrying its own CSP nonce over to it. A page the
 * back-forward cache brings back before it hydrated has its address forms reset (see
 * ADDRESS_STATE_ATTRIBUTE) and what was typed into them forgotten; it also keeps each form the
 * browser posts itself (listened for on the window after the page's own handlers, so a submit a
 * script took over is not counted), forgotten when the back-forward cache brings the page back
 * (that answer came, and the farmer left it). Back or Forward to another
 * address of the same document before the router runs (the browser reloaded the document, and the
 * entry was added by the router in its earlier life) loads that address: only the router could
 * otherwise show it, and it would start with the data of the address the document was loaded at.
 * Once the scripts are on their way it registers the service worker (docs/product/shell.md, The
 * installable app), so a page that is only read does no background work. A form changed before
 * hydration is marked (TYPED_FORM_ATTRIBUTE). Once the browser itself posts a form (before
 * hydration: no handler prevented it), every later submission of the page is stopped, in the
 * capture phase on the window, before any React handler sees it (POSTED_BEFORE_HYDRATION), until
 * the back-forward cache brings the page back. Only posts count: a GET form (a calculator's
 * Calculate) changes nothing, and one that only changes the fragment leaves the page in place. On
 * a page marked with SCRIPTS_EARLY_ATTRIBUTE it downloads the script files once the page has
 * loaded, one after the other, until the scripts start (a new page stops it: the page's fetches
 * end with it, so the next page never shares the line with them).
 */
export const SCRIPTS_AFTER_PAINT_STARTER = `(function(){var d=document,w=window,n=d.currentScript.nonce,s=0;w.${TYPED_BEFORE_HYDRATION}={};w.${SENT_BEFORE_HYDRATION}=[];w.addEventListener('submit',function(e){if(!e.defaultPrevented)w.${SENT_BEFORE_HYDRATION}.push(e.target)});function rec(e){var t=e.target,r=w.${TYPED_BEFORE_HYDRATION},f=t&&t.form;if(r&&f&&t.name){r[t.name]=t.type==='checkbox'&&!t.checked?'':t.value;if(!f.hasAttribute('${TYPED_FORM_ATTRIBUTE}'))f.setAttribute('${TYPED_FORM_ATTRIBUTE}','')}}d.addEventListener('input',rec,true);d.addEventListener('change',rec,true);function stop(e){var t=e.target,b=e.type==='submit'||t.closest&&t.closest('button,input');if(w.${POSTED_BEFORE_HYDRATION}&&b&&(b===true||b.form&&(b.type==='submit'||b.type==='image'))){e.preventDefault();e.stopImmediatePropagation()}}w.addEventListener('click',stop,true);w.addEventListener('submit',stop,true);w.addEventListener('submit',function(e){var b=e.submitter,m=b&&b.hasAttribute('formmethod')?b.formMethod:e.target.method;if(w.${TYPED_BEFORE_HYDRATION}&&!e.defaultPrevented&&m==='post')w.${POSTED_BEFORE_HYDRATION}=1});function go(){if(s)return;s=1;var q=[].slice.call(d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]'));(function next(){var l=q.shift(),p,m,e;if(l){p=d.createElement('link');p.rel='modulepreload';p.href=l.getAttribute('href');d.head.appendChild(p);setTimeout(next,0);return}m=d.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(m){e=d.createElement('script');e.type='module';e.nonce=n;e.textContent=m.textContent;d.head.appendChild(e)}if('serviceWorker' in navigator)navigator.serviceWorker.register('/sw.js').catch(function(){})})()}w.addEventListener('pageshow',function(e){var r=w.${TYPED_BEFORE_HYDRATION};if(e.persisted){w.${POSTED_BEFORE_HYDRATION}=0;w.${SENT_BEFORE_HYDRATION}=[]}if(e.persisted&&r)d.querySelectorAll('form[${ADDRESS_STATE_ATTRIBUTE}]').forEach(function(f){f.reset();Array.prototype.forEach.call(f.elements,function(x){if(x.name)delete r[x.name]})})});w.addEventListener('vite:preloadError',function(e){var m=/(https?:[^\\s'"]+|\\/assets\\/[^\\s'"]+)/.exec(String(e.payload&&e.payload.message||''));if(m)fetch(m[1],{method:'HEAD',cache:'no-store'}).then(function(r){var k='${CHUNK_RELOAD_KEY}',t;if(r.status!==404)return;t=+sessionStorage.getItem(k)||0;if(Date.now()-t>${CHUNK_RELOAD_GUARD_MS}){sessionStorage.setItem(k,String(Date.now()));location.reload()}}).catch(function(){})});var a=location.pathname+location.search;w.addEventListener('popstate',function(){if(!('__reactRouterDataRouter' in w)&&location.pathname+location.search!==a)location.reload()});var v=${JSON.stringify(FIRST_INTERACTION_EVENTS)};function soon(e){if(e&&e.type==='mousemove'&&!e.clientX&&!e.clientY)return;v.forEach(function(t){w.removeEventListener(t,soon,true)});requestAnimationFrame(function(){setTimeout(go,0)})}function early(){var c=navigator.connection,q=[].slice.call(d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]'));if(c&&(c.saveData||/2g/.test(c.effectiveType||'')))return;(function next(){var l=q.shift();if(l&&!s)fetch(l.getAttribute('href'),{priority:'low'}).then(function(r){return r.arrayBuffer()}).then(next,function(){})})()}if(d.querySelector('[${SCRIPTS_NOW_ATTRIBUTE}]'))soon();else{v.forEach(function(t){w.addEventListener(t,soon,{capture:true,passive:true})});if(d.querySelector('[${SCRIPTS_EARLY_ATTRIBUTE}]'))w.addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(early,0)})})}})()`
