// @ts-check
// The pages' one element builder. Every page loads it by its plain URL (jantaku.server.static
// SHARED_PLAIN), the scorekeeper's unversioned scripts (kept offline by score-sw.js) and the
// versioned pages alike, so a page holds one copy.

/**
 * An element: `el('td', 'num', '12')`, `el('button', { class: 'x', onclick: f }, 'text', node)`.
 * The second argument is the class name, or the attributes: `class`, `dataset` (an object),
 * `on<event>` (a listener), true (present), and any other as its string; an attribute that is
 * undefined, null or false is left out. The children are nodes or text; arrays are flattened
 * and null, undefined and false children left out (parts not shown).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string | Record<string, unknown>} [props]
 * @param {...unknown} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, props = '', ...children) {
  const e = document.createElement(tag);
  if (typeof props === 'string') {
    if (props) e.className = props;
  } else {
    for (const [k, v] of Object.entries(props ?? {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on')) e.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
      else if (k === 'class') e.className = String(v);
      else if (k === 'dataset') Object.assign(e.dataset, v);
      else if (v === true) e.setAttribute(k, '');
      else e.setAttribute(k, String(v));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}
