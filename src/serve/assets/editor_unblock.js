// slidedb serve: the board editor of the family `unblock` (Unblock Me, Rush
// Hour), by mouse. Size 4x4 to 8x8, the exit's side and row, blocks of 2 to
// 4 cells laid by a drag along a row or a column, fixed cells, the prisoner.
// It reads and writes the framed grid, the format that shows the exit.
(function () {
  'use strict';
  var editors = window.slidedbEditors = window.slidedbEditors || {};
  var LABELS = 'BCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnpqrstuvwyz0123456789';  // not o, x

  // A letter grid, framed grid or the lines of either, into the model:
  // {w, h, side, row, cells: [[ch]]} with '.' empty, 'x' fixed, 'A' prisoner.
  function parse(text) {
    var lines = text.split('\n').map(function (l) { return l.replace(/\s+$/, ''); })
      .filter(function (l) { return l !== '' && l.charAt(0) !== '#'; });
    var side = /#\s*exit:\s*left/.test(text) ? 'left' : 'right', row = -1;
    var framed = lines.length && lines[0].charAt(0) === '+';
    var rows = [];
    if (framed) {
      var width = lines[0].length - 2;
      for (var i = 1; i < lines.length && lines[i].charAt(0) !== '+'; ++i) {
        var l = lines[i], left = l.charAt(0) === '|', right = l.length > width + 1 && l.charAt(l.length - 1) === '|';
        var inner = left ? l.slice(1) : l.replace(/^ /, '');
        if (right) inner = inner.slice(0, -1);
        if (!left || !right) { row = rows.length; side = left ? 'right' : 'left'; }
        while (inner.length < width) inner += ' ';
        rows.push(inner.slice(0, width).replace(/[ o]/g, '.').replace(/\*/g, 'A'));
      }
    } else {
      // The drawing for people marks the exit with '<' or '>' on its row.
      lines.forEach(function (l) {
        if (l.indexOf('<') >= 0) { side = 'left'; row = rows.length; }
        if (l.indexOf('>') >= 0) { side = 'right'; row = rows.length; }
        rows.push(l.replace(/[\s<>]+/g, '').replace(/o/g, '.'));
      });
    }
    if (!rows.length) return null;
    var w = rows[0].length, h = rows.length;
    if (w < 4 || w > 8 || h < 4 || h > 8) return null;
    var cells = rows.map(function (r) { return (r + '........').slice(0, w).split(''); });
    if (row < 0) cells.forEach(function (r, k) { if (row < 0 && r.indexOf('A') >= 0) row = k; });
    return { w: w, h: h, side: side, row: row < 0 ? Math.floor((h - 1) / 2) : row, cells: cells };
  }

  function write(m) {
    var bar = '+' + new Array(m.w + 1).join('-') + '+', out = [bar];
    m.cells.forEach(function (r, k) {
      var inner = r.join('');
      out.push(k === m.row ? (m.side === 'left' ? ' ' + inner + '|' : '|' + inner) : '|' + inner + '|');
    });
    out.push(bar);
    return out.join('\n') + '\n';
  }

  function blank(w, h) {
    var cells = [];
    for (var r = 0; r < h; ++r) { cells.push([]); for (var c = 0; c < w; ++c) cells[r].push('.'); }
    return { w: w, h: h, side: 'right', row: Math.floor((h - 1) / 2), cells: cells };
  }

  function erase(m, label) {
    m.cells.forEach(function (r) { r.forEach(function (ch, c) { if (ch === label) r[c] = '.'; }); });
  }
  function freeLabel(m) {
    var used = {};
    m.cells.forEach(function (r) { r.forEach(function (ch) { used[ch] = 1; }); });
    for (var i = 0; i < LABELS.length; ++i) if (!used[LABELS.charAt(i)]) return LABELS.charAt(i);
    return null;
  }

  // The controls and the grid; `changed(model, message)` after each edit.
  function render(host, m, changed, say) {
    var tool = host.dataset.tool || 'block';
    host.innerHTML = '';
    var bar = document.createElement('div');
    bar.className = 'edittools';
    var sizes = '', rowsOpt = '';
    for (var n = 4; n <= 8; ++n) sizes += '<option value="' + n + '">' + n + '</option>';
    for (var k = 0; k < m.h; ++k) rowsOpt += '<option value="' + k + '">' + (k + 1) + '</option>';
    bar.innerHTML = '<label>width <select data-set="w">' + sizes + '</select></label> ' +
      '<label>height <select data-set="h">' + sizes + '</select></label> ' +
      '<label>exit <select data-set="side"><option value="right">right</option><option value="left">left</option></select></label> ' +
      '<label>row <select data-set="row">' + rowsOpt + '</select></label> ' +
      '<span class="tools">' + ['block', 'prisoner', 'fixed', 'erase'].map(function (t) {
        return '<button type="button" data-tool="' + t + '"' + (t === tool ? ' class="on"' : '') + '>' + t + '</button>';
      }).join('') + '</span>';
    host.appendChild(bar);
    bar.querySelector('[data-set=w]').value = String(m.w);
    bar.querySelector('[data-set=h]').value = String(m.h);
    bar.querySelector('[data-set=side]').value = m.side;
    bar.querySelector('[data-set=row]').value = String(m.row);
    bar.addEventListener('change', function (e) {
      var what = e.target.dataset.set, v = e.target.value;
      if (what === 'side') m.side = v;
      else if (what === 'row') m.row = Number(v);
      else {
        // A new size keeps what fits; blocks cut by the new edge go.
        var w = what === 'w' ? Number(v) : m.w, h = what === 'h' ? Number(v) : m.h, next = blank(w, h);
        var cut = {};
        m.cells.forEach(function (r, y) {
          r.forEach(function (ch, x) { if (ch !== '.' && (x >= w || y >= h)) cut[ch] = 1; });
        });
        m.cells.forEach(function (r, y) {
          r.forEach(function (ch, x) { if (x < w && y < h && !cut[ch]) next.cells[y][x] = ch; });
        });
        next.side = m.side;
        next.row = Math.min(m.row, h - 1);
        m = next;
      }
      changed(m);
    });
    bar.querySelectorAll('button[data-tool]').forEach(function (b) {
      b.addEventListener('click', function () {
        host.dataset.tool = b.dataset.tool;
        bar.querySelectorAll('button[data-tool]').forEach(function (o) { o.classList.toggle('on', o === b); });
      });
    });
    window.slidedbEditGrid(host, m.w, m.h, {
      cell: function (r, c) {
        var ch = m.cells[r][c];
        return { text: ch === '.' ? '' : ch, cls: ch === '.' ? 'empty' : ch === 'x' ? 'fixed' : ch === 'A' ? 'prisoner' : 'piece' };
      },
      exit: { side: m.side, row: m.row },
      click: function (r, c) {
        var t = host.dataset.tool || 'block', ch = m.cells[r][c];
        if (t === 'fixed') {
          if (ch === 'x') m.cells[r][c] = '.';
          else if (ch === '.') m.cells[r][c] = 'x';
          else return say('the cell holds block ' + ch + ': erase it first');
        } else if (t === 'erase') {
          if (ch === '.') return;
          if (ch === 'x') m.cells[r][c] = '.'; else erase(m, ch);
        } else {
          return say('drag from the block\u2019s first cell to its last (2 to 4 cells in a row or column)');
        }
        changed(m);
      },
      drag: function (a, b) {
        var t = host.dataset.tool || 'block';
        if (t !== 'block' && t !== 'prisoner') return;
        if (a.r !== b.r && a.c !== b.c) return say('a block lies along one row or one column');
        var len = Math.abs(a.r - b.r) + Math.abs(a.c - b.c) + 1;
        if (len < 2 || len > 4) return say('a block is 2 to 4 cells long, this drag covers ' + len);
        if (t === 'prisoner' && a.r !== b.r) return say('the prisoner lies along its row, towards the exit');
        var label = t === 'prisoner' ? 'A' : freeLabel(m);
        if (!label) return say('no letter left for another block');
        if (t === 'prisoner') erase(m, 'A');
        var cells = [];
        for (var i = 0; i < len; ++i)
          cells.push(a.r === b.r ? [a.r, Math.min(a.c, b.c) + i] : [Math.min(a.r, b.r) + i, a.c]);
        for (var j = 0; j < cells.length; ++j) {
          var here = m.cells[cells[j][0]][cells[j][1]];
          if (here !== '.') return say('cell row ' + (cells[j][0] + 1) + ', column ' + (cells[j][1] + 1) + ' is taken');
        }
        cells.forEach(function (p) { m.cells[p[0]][p[1]] = label; });
        if (t === 'prisoner') m.row = a.r;
        changed(m);
      }
    });
  }

  editors.unblock = { parse: parse, write: write, blank: function () { return blank(6, 6); }, render: render };
})();
