/**
 * A self-contained, readable page for /openapi.json (no CDN: the service may run offline).
 * It fetches the document and lists every operation with its parameters, body and answers.
 */
export const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quarry API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem 2rem;color:#1b1b1b}
h1{margin-bottom:0}.op{border:1px solid #ddd;border-radius:6px;margin:.8rem 0;padding:.5rem 1rem}
.m{display:inline-block;min-width:4.5em;font-weight:700;font-family:monospace}.GET{color:#0a6}.POST{color:#06c}.DELETE{color:#c30}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f6f6f6;padding:.5rem;overflow:auto;max-height:18rem}
details summary{cursor:pointer}.tag{color:#666;font-size:13px}
</style></head><body>
<h1>Quarry API</h1><p id="desc"></p><p><a href="/openapi.json">openapi.json</a></p><div id="ops">Loading…</div>
<script>
fetch('/openapi.json').then(r=>r.json()).then(doc=>{
  document.getElementById('desc').textContent=(doc.info.description||'')+' Version '+doc.info.version+'.';
  const ops=document.getElementById('ops');ops.textContent='';
  for(const [path,item] of Object.entries(doc.paths||{})){
    for(const [method,op] of Object.entries(item)){
      const d=document.createElement('div');d.className='op';
      const M=method.toUpperCase();
      d.innerHTML='<span class="m '+M+'"></span> <code></code> <span class="tag"></span><p></p>';
      d.querySelector('.m').textContent=M;d.querySelector('code').textContent=path;
      d.querySelector('.tag').textContent=(op.tags||[]).join(', ');
      d.querySelector('p').textContent=op.summary||op.description||'';
      const det=document.createElement('details');const s=document.createElement('summary');s.textContent='Schema';det.appendChild(s);
      const pre=document.createElement('pre');pre.textContent=JSON.stringify({parameters:op.parameters,requestBody:op.requestBody,responses:op.responses,security:op.security},null,2);
      det.appendChild(pre);d.appendChild(det);ops.appendChild(d);
    }
  }
});
</script></body></html>`;
