// slidedb serve: the board editor of the family `blocks` (Klotski and any
// shape), by mouse. Paint floor (over a piece's cells: erasing them) and
// wall, paint cells into a piece, and put the goal of a chosen piece by
// clicking where its first cell must end. It reads and writes the family's
// start/goal file.
(function () {
  'use strict';
  var editors = window.slidedbEditors = window.slidedbEditors || {};
  var LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

  // {w, h, start: [[ch]], goal: {label: [[r, c]...]}}: '#' wall, '.' floor.
  function parse(text) {
    var lines = text.split('\n').map(function (l) { return l.replace(/\s+$/, ''); });
    var at = 0;
    while (at < lines.length && lines[at] !== 'start') ++at;
    if (at === lines.length) return null;
    var start = [], goal = [], into = start;
    for (var i = at + 1; i < lines.length; ++i) {
      if (lines[i] === 'goal') { into = goal; continue; }
      if (lines[i] === '' && into === goal) break;
      into.push(lines[i]);
    }
    while (start.length && start[start.length - 1] === '') start.pop();
    if (!start.length) return null;
    var w = 0;
    start.concat(goal).forEach(function (l) { w = Math.max(w, l.length); });
    var h = start.length;
    if (w > 16 || h > 16) return null;
    var grid = function (rows) {
      var out = [];
      for (var r = 0; r < h; ++r) {
        var l = rows[r] || '', cells = [];
        for (var c = 0; c < w; ++c) { var ch = l.charAt(c) || '#'; cells.push(ch === ' ' ? '.' : ch); }
        out.push(cells);
      }
      return out;
    };
    var m = { w: w, h: h, start: grid(start), goal: {} };
    grid(goal).forEach(function (row, r) {
      row.forEach(function (ch, c) { if (/[A-Za-z]/.test(ch)) (m.goal[ch] = m.goal[ch] || []).push([r, c]); });
    });
    return m;
  }

  function cellsOf(m, label) {
    var out = [];
    m.start.forEach(function (row, r) { row.forEach(function (ch, c) { if (ch === label) out.push([r, c]); }); });
    return out;
  }

  function write(m) {
    var start = m.start.map(function (row) { return row.join(''); });
    var goal = m.start.map(function (row) { return row.map(function (ch) { return ch === '#' ? '#' : '.'; }); });
    Object.keys(m.goal).forEach(function (k) {
      m.goal[k].forEach(function (p) { if (goal[p[0]] && goal[p[0]][p[1]] !== undefined) goal[p[0]][p[1]] = k; });
    });
    return 'start\n' + start.join('\n') + '\ngoal\n' + goal.map(function (row) { return row.join(''); }).join('\n') + '\n';
  }

  function blank(w, h) {
    var start = [];
    for (var r = 0; r < h; ++r) { start.push([]); for (var c = 0; c < w; ++c) start[r].push('.'); }
    return { w: w, h: h, start: start, goal: {} };
  }

  function freeLabel(m) {
    for (var i = 0; i < LABELS.length; ++i) if (!cellsOf(m, LABELS.charAt(i)).length) return LABELS.charAt(i);
    return null;
  }

  function render(host, m, changed, say) {
    var tool = host.dataset.tool || 'piece';
    var piece = host.dataset.piece || '';
    host.innerHTML = '';
    var bar = document.createElement('div');
    bar.className = 'edittools';
    var sizes = '';
    for (var n = 2; n <= 16; ++n) sizes += '<option value="' + n + '">' + n + '</option>';
    var labels = {};
    m.start.forEach(function (row) { row.forEach(function (ch) { if (/[A-Za-z]/.test(ch)) labels[ch] = 1; }); });
    var pieces = Object.keys(labels).sort();
    if (pieces.indexOf(piece) < 0) piece = '';
    bar.innerHTML = '<label>width <select data-set="w">' + sizes + '</select></label> ' +
      '<label>height <select data-set="h">' + sizes + '</select></label> ' +
      '<span class="tools">' + ['floor', 'wall', 'piece', 'goal'].map(function (t) {
        return '<button type="button" data-tool="' + t + '"' + (t === tool ? ' class="on"' : '') + '>' + t + '</button>';
      }).join('') + '</span> <label>piece <select data-set="piece"><option value="">new</option>' +
      pieces.map(function (p) {
        return '<option value="' + p + '"' + (p === piece ? ' selected' : '') + '>' + p + '</option>';
      }).join('') +
      '</select></label> <button type="button" data-act="nogoal">no goal for this piece</button>';
    host.appendChild(bar);
    bar.querySelector('[data-set=w]').value = String(m.w);
    bar.querySelector('[data-set=h]').value = String(m.h);
    bar.addEventListener('change', function (e) {
      var what = e.target.dataset.set, v = e.target.value;
      if (what === 'piece') { host.dataset.piece = v; return; }
      var w = what === 'w' ? Number(v) : m.w, h = what === 'h' ? Number(v) : m.h, next = blank(w, h);
      for (var r = 0; r < Math.min(h, m.h); ++r)
        for (var c = 0; c < Math.min(w, m.w); ++c) next.start[r][c] = m.start[r][c];
      Object.keys(m.goal).forEach(function (k) {
        var kept = m.goal[k].filter(function (p) { return p[0] < h && p[1] < w; });
        if (kept.length === m.goal[k].length) next.goal[k] = kept;
      });
      changed(next);
    });
    bar.querySelectorAll('button[data-tool]').forEach(function (b) {
      b.addEventListener('click', function () {
        host.dataset.tool = b.dataset.tool;
        bar.querySelectorAll('button[data-tool]').forEach(function (o) { o.classList.toggle('on', o === b); });
      });
    });
    bar.querySelector('[data-act=nogoal]').addEventListener('click', function () {
      var p = host.dataset.piece;
      if (p && m.goal[p]) { delete m.goal[p]; changed(m); }
    });
    var goalAt = {};
    Object.keys(m.goal).forEach(function (k) { m.goal[k].forEach(function (p) { goalAt[p[0] + ',' + p[1]] = k; }); });
    // One stroke paints every cell the pointer crosses with one letter.
    var stroke = null;
    function paint(r, c) {
      var t = host.dataset.tool || 'piece', ch = m.start[r][c];
      if (t === 'floor' || t === 'wall') {
        if (/[A-Za-z]/.test(ch) && t === 'wall') return;
        // Floor over a piece's cell takes the cell off the piece (the
        // eraser); a piece left with no cell loses its goal too.
        m.start[r][c] = t === 'wall' ? '#' : '.';
        if (/[A-Za-z]/.test(ch) && !cellsOf(m, ch).length) delete m.goal[ch];
        return true;
      }
      if (t === 'piece') {
        if (ch === '#') return;
        // A stroke paints the piece chosen; with "new", the piece it starts
        // on (to grow it) or a new one.
        if (!stroke) stroke = host.dataset.piece || (/[A-Za-z]/.test(ch) ? ch : freeLabel(m));
        if (!stroke) { say('no letter left for another piece'); return; }
        m.start[r][c] = stroke;
        return true;
      }
    }
    window.slidedbEditGrid(host, m.w, m.h, {
      cell: function (r, c) {
        var ch = m.start[r][c], g = goalAt[r + ',' + c];
        return { text: ch === '#' || ch === '.' ? '' : ch, goal: g || '',
                 cls: ch === '#' ? 'wall' : ch === '.' ? 'empty' : 'piece' + (ch === piece ? ' chosen' : '') };
      },
      paint: function (r, c, first) {
        if (first) stroke = null;
        return paint(r, c);
      },
      strokeEnd: function () {
        stroke = null;
        changed(m);
      },
      click: function (r, c) {
        var t = host.dataset.tool || 'piece';
        if (t !== 'goal') return;
        var p = host.dataset.piece;
        if (!p) return say('choose the piece whose goal this is first (piece: ' + (pieces.join(', ') || 'none yet') + ')');
        // The piece's shape, its first cell in reading order put on the cell clicked.
        var cells = cellsOf(m, p), r0 = cells[0][0], c0 = cells[0][1];
        var moved = cells.map(function (q) { return [q[0] - r0 + r, q[1] - c0 + c]; });
        for (var i = 0; i < moved.length; ++i) {
          var q = moved[i];
          if (q[0] < 0 || q[1] < 0 || q[0] >= m.h || q[1] >= m.w || m.start[q[0]][q[1]] === '#')
            return say('piece ' + p + ' does not fit there: its cells would leave the floor');
        }
        m.goal[p] = moved;
        changed(m);
      }
    });
  }

  editors.blocks = { parse: parse, write: write, blank: function () { return blank(4, 5); }, render: render };
})();
