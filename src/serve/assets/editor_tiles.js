// slidedb serve: the board editor of the family `tiles` (sliding tiles), by
// mouse. n x m from 2 to 5, the numbers arranged by dragging one tile onto
// another (the two swap), and the goal: blank last, blank first, or a board
// of its own arranged the same way. It reads and writes the grid format
// with its `# goal:` directive.
(function () {
  'use strict';
  var editors = window.slidedbEditors = window.slidedbEditors || {};

  function ordered(w, h, blankFirst) {
    var out = [];
    for (var i = 0; i < w * h; ++i) out.push(blankFirst ? i : (i + 1) % (w * h));
    return out;
  }

  // {w, h, cells: [n], goal: 'last' | 'first' | [n]}; 0 is the blank.
  function parse(text) {
    var goal = 'last', rows = [];
    text.split('\n').forEach(function (l) {
      l = l.trim();
      var g = /^#\s*goal:\s*(.*)$/.exec(l);
      if (g) {
        goal = /blank first/.test(g[1]) ? 'first' : /blank last/.test(g[1]) ? 'last'
          : g[1].split(/[\s\/]+/).filter(Boolean).map(function (t) { return /^[._]$/.test(t) ? 0 : Number(t); });
        return;
      }
      if (l === '' || l.charAt(0) === '#') return;
      rows.push(l.split(/\s+/).map(function (t) { return /^[._]$/.test(t) ? 0 : Number(t); }));
    });
    if (!rows.length) return null;
    var w = rows[0].length, h = rows.length;
    if (w < 2 || w > 5 || h < 2 || h > 5) return null;
    var cells = [];
    rows.forEach(function (r) { for (var c = 0; c < w; ++c) cells.push(r[c] === undefined ? NaN : r[c]); });
    if (cells.some(isNaN)) return null;
    if (Array.isArray(goal) && goal.length !== w * h) goal = 'last';
    return { w: w, h: h, cells: cells, goal: goal };
  }

  function grid(w, cells) {
    var out = [];
    for (var i = 0; i < cells.length; i += w) out.push(cells.slice(i, i + w).join(' '));
    return out;
  }
  function write(m) {
    var head = m.goal === 'first' ? '# goal: blank first\n' : m.goal === 'last' ? ''
      : '# goal: ' + grid(m.w, m.goal).join(' / ') + '\n';
    return head + grid(m.w, m.cells).join('\n') + '\n';
  }

  function render(host, m, changed) {
    host.innerHTML = '';
    var bar = document.createElement('div');
    bar.className = 'edittools';
    var sizes = '';
    for (var n = 2; n <= 5; ++n) sizes += '<option value="' + n + '">' + n + '</option>';
    bar.innerHTML = '<label>columns <select data-set="w">' + sizes + '</select></label> ' +
      '<label>rows <select data-set="h">' + sizes + '</select></label> ' +
      '<label>goal <select data-set="goal"><option value="last">blank last</option>' +
      '<option value="first">blank first</option><option value="own">a board of its own</option></select></label> ' +
      '<button type="button" data-act="solved">start from the goal</button>';
    host.appendChild(bar);
    bar.querySelector('[data-set=w]').value = String(m.w);
    bar.querySelector('[data-set=h]').value = String(m.h);
    bar.querySelector('[data-set=goal]').value = Array.isArray(m.goal) ? 'own' : m.goal;
    var goalCells = function () { return Array.isArray(m.goal) ? m.goal : ordered(m.w, m.h, m.goal === 'first'); };
    bar.addEventListener('change', function (e) {
      var what = e.target.dataset.set, v = e.target.value;
      if (what === 'goal') m.goal = v === 'own' ? goalCells().slice() : v;
      else {
        var w = what === 'w' ? Number(v) : m.w, h = what === 'h' ? Number(v) : m.h;
        m = { w: w, h: h, cells: ordered(w, h, false), goal: Array.isArray(m.goal) ? ordered(w, h, false) : m.goal };
      }
      changed(m);
    });
    bar.querySelector('[data-act=solved]').addEventListener('click', function () {
      m.cells = goalCells().slice();
      changed(m);
    });
    function board(cells, name) {
      var box = document.createElement('div');
      box.className = 'tilesedit';
      box.dataset.board = name;
      var cap = document.createElement('p');
      cap.textContent = name === 'start' ? 'start (drag a tile onto another to swap them)' : 'goal';
      box.appendChild(cap);
      host.appendChild(box);
      window.slidedbEditGrid(box, m.w, m.h, {
        cell: function (r, c) {
          var v = cells[r * m.w + c];
          return { text: v === 0 ? '' : String(v), cls: v === 0 ? 'empty' : 'tile' };
        },
        drag: function (a, b) {
          var i = a.r * m.w + a.c, j = b.r * m.w + b.c, t = cells[i];
          cells[i] = cells[j];
          cells[j] = t;
          changed(m);
        }
      });
    }
    board(m.cells, 'start');
    if (Array.isArray(m.goal)) board(m.goal, 'goal');
  }

  editors.tiles = {
    parse: parse, write: write, render: render,
    blank: function () { return { w: 3, h: 3, cells: ordered(3, 3, false), goal: 'last' }; }
  };
})();
