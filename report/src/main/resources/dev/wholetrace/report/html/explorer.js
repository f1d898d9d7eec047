// The grammar explorer (HtmlReport's GrammarExplorer data): a thread's top rules; a click on a rule
// expands its body, built from the embedded JSON only then; a rule in a body expands in turn, a
// terminal shows its code. Everything from the trace goes in as text (textContent), never as markup.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('wholetrace-data').textContent);
  var g = data.grammar;
  var select = document.getElementById('explorer-thread');
  var rulesPane = document.getElementById('explorer-rules');
  var codePane = document.getElementById('explorer-code');

  function element(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function count(n) { return n.toLocaleString('en'); }

  // rule key "chunk:rule"; figures [expanded length, sync operations, occurrences, body, symbols not embedded]
  function label(key, thread) { return 'R' + (thread.chunks > 1 ? key : key.split(':')[1]); }

  function showCode(c) {
    codePane.textContent = '';
    codePane.appendChild(element('h4', null, c[1] + ' (' + c[0] + ')'));
    var dl = element('dl');
    [['where', c[2] || '(not in the code map)'], ['bytecode index', c[3] || '?']].forEach(function (kv) {
      dl.appendChild(element('dt', null, kv[0]));
      dl.appendChild(element('dd', null, kv[1]));
    });
    codePane.appendChild(dl);
    if (c[4]) codePane.appendChild(element('pre', 'bytecode', c[4]));
  }

  // one rule: a head that toggles its body, built on the first click
  function ruleNode(thread, key) {
    var r = thread.rules[key];
    var node = element('div', 'rule');
    var head = element('div', 'rule-head', '\u25b8 ' + label(key, thread) + ': ' + count(r[0]) + ' events, ' + count(r[1])
      + ' sync operations, occurs ' + count(r[2]) + '\u00d7, body of ' + (r[3].length + r[4]) + ' symbols');
    head.setAttribute('data-rule', key);
    node.appendChild(head);
    var body = null;
    head.addEventListener('click', function () {
      if (body) {
        body.hidden = !body.hidden;
      } else {
        body = expand(thread, key);
        node.appendChild(body);
      }
      head.textContent = (body.hidden ? '\u25b8' : '\u25be') + head.textContent.substring(1);
    });
    return node;
  }

  function expand(thread, key) {
    var chunk = key.split(':')[0];
    var r = thread.rules[key];
    var wrap = element('div', 'expansion');
    var body = element('div', 'body');
    var nested = element('div', 'nested');
    r[3].forEach(function (s) {
      var chip;
      if (s < 0) {
        var child = chunk + ':' + (-1 - s);
        var known = thread.rules[child];
        chip = element('span', 'sym rule-ref' + (known ? '' : ' missing'), label(child, thread));
        if (known) {
          chip.title = count(known[0]) + ' events, ' + count(known[1]) + ' sync operations';
          var open = null;
          chip.addEventListener('click', function () {
            if (open) { open.remove(); open = null; return; }
            open = ruleNode(thread, child);
            nested.appendChild(open);
            open.firstChild.click();
          });
        } else {
          chip.title = 'not embedded: beyond the report\'s limits (' + g.limits.depth + ' levels, ' + g.limits.rules + ' rules a thread)';
        }
      } else {
        var c = g.code[s];
        chip = element('span', 'sym ' + c[0], c[1] + (c[2] ? ' ' + c[2].substring(c[2].lastIndexOf('.', c[2].lastIndexOf('.') - 1) + 1) : ''));
        chip.title = (c[2] || '') + (c[4] ? '\n' + c[4] : '');
        chip.addEventListener('click', function () { showCode(c); });
      }
      body.appendChild(chip);
    });
    if (r[4] > 0) body.appendChild(element('span', 'sym missing', '\u2026 ' + count(r[4]) + ' more symbols'));
    wrap.appendChild(body);
    wrap.appendChild(nested);
    return wrap;
  }

  function show(i) {
    var thread = g.threads[i];
    rulesPane.textContent = '';
    var total = thread.events;
    rulesPane.appendChild(element('p', 'note', 'The top ' + thread.top.length + ' rules of ' + thread.name + ' (T' + thread.thread + ', '
      + count(total) + ' events' + (thread.chunks > 1 ? ', ' + thread.chunks + ' grammars: rules named chunk:rule' : '') + '):'));
    thread.top.forEach(function (key) {
      var r = thread.rules[key];
      var node = ruleNode(thread, key);
      node.firstChild.textContent += ' \u2014 covers ' + (total ? (100 * r[0] * r[2] / total).toFixed(1) : '0') + '%';
      rulesPane.appendChild(node);
    });
  }

  g.threads.forEach(function (t, i) {
    var o = element('option', null, 'T' + t.thread + ' ' + t.name + ' (' + count(t.events) + ' events)');
    o.value = String(i);
    select.appendChild(o);
  });
  select.addEventListener('change', function () { show(+select.value); });
  if (g.threads.length > 0) show(0);
  else rulesPane.appendChild(element('p', 'note', 'No thread has events.'));

  // the race table's references jump to their row
  Array.prototype.forEach.call(document.querySelectorAll('.race-ref'), function (ref) {
    ref.addEventListener('click', function () {
      var row = document.getElementById('race-' + ref.getAttribute('data-race'));
      if (row) row.scrollIntoView();
    });
  });
  document.getElementById('explorer').setAttribute('data-drawn', 'true');
})();
