// slidedb serve: the pages' script. Plain JavaScript, no library, nothing
// fetched but this server's own API.
(function () {
  'use strict';

  function $(sel, root) { return (root || document).querySelector(sel); }

  // POSTs a body to the API; resolves to {status, json}.
  function post(url, body, type) {
    return fetch(url, { method: 'POST', body: body, headers: { 'Content-Type': type || 'text/plain; charset=utf-8' } })
      .then(function (r) {
        return r.json().catch(function () { return { error: 'the server answered ' + r.status }; })
          .then(function (j) { return { status: r.status, json: j }; });
      });
  }

  // "1 move", "2 moves": a count and its noun, singular for one.
  function count(n, one, many) { return n + ' ' + (Number(n) === 1 ? one : (many || one + 's')); }

  function text(el, s, cls) {
    el.textContent = s;
    el.className = 'message' + (cls ? ' ' + cls : '');
  }

  // Moves of the families' notation: a label, then runs of a direction and
  // a distance ("BU1", "AR2D1"); a tile and the way the blank goes ("12R").
  var opposite = { L: 'R', R: 'L', U: 'D', D: 'U' };
  function runs(m, tiles) {
    if (tiles) {
      var d = opposite[m.charAt(m.length - 1)];
      return [{ dr: d === 'U' ? -1 : d === 'D' ? 1 : 0, dc: d === 'L' ? -1 : d === 'R' ? 1 : 0 }];
    }
    var out = [], re = /([LRUD])(\d+)/g, r;
    while ((r = re.exec(m.replace(/^[A-Za-z0-9]/, ''))) !== null) {
      var n = Number(r[2]);
      out.push({ dr: r[1] === 'U' ? -n : r[1] === 'D' ? n : 0, dc: r[1] === 'L' ? -n : r[1] === 'R' ? n : 0 });
    }
    return out;
  }
  function labelOf(m, tiles) { return tiles ? m.slice(0, -1) : m.charAt(0); }

  // ---- Play it yourself -------------------------------------------------
  function Play(root) {
    var board = root.dataset.board, optimum = root.dataset.optimum;
    var svg = $('svg.board', root);
    var cell = Number(svg.dataset.cell), pad = Number(svg.dataset.pad);
    var tiles = svg.classList.contains('tiles');
    var joins = svg.classList.contains('blocks');  // a piece's steps in a row are one move
    var msg = $('.message', root), played = $('.played', root);
    var blocks = {};
    svg.querySelectorAll('g.block').forEach(function (g) {
      blocks[g.dataset.label] = g;
      g.dataset.row0 = g.dataset.row;
      g.dataset.col0 = g.dataset.col;
    });
    var moves = [], last = null, busy = false;

    function place(g) {
      g.style.transform = 'translate(' + (pad + Number(g.dataset.col) * cell) + 'px,' +
        (pad + Number(g.dataset.row) * cell) + 'px)';
    }
    function slide(m, sign) {
      var g = blocks[labelOf(m, tiles)];
      if (!g) return;
      runs(m, tiles).forEach(function (r) {
        g.dataset.row = Number(g.dataset.row) + sign * r.dr;
        g.dataset.col = Number(g.dataset.col) + sign * r.dc;
      });
      place(g);
    }
    function show() {
      played.textContent = count(moves.length, 'move');
      root.dataset.moves = String(moves.length);
      root.dataset.distance = last && last.distance !== null ? String(last.distance) : '';
      svg.querySelectorAll('g.hinted').forEach(function (g) { g.classList.remove('hinted'); });
    }
    function solvedText() {
      var s = 'Solved in ' + count(moves.length, 'move');
      if (optimum !== '') {
        var o = Number(optimum);
        s += moves.length === o ? ': the optimum, ' + count(o, 'move') + '.' : '; the optimum is ' + o + ' (' + (moves.length - o) + ' more).';
      }
      return s;
    }
    // Asks the server about the moves: it replays them (an illegal one is
    // refused) and searches from the board they lead to.
    function ask(list) {
      busy = true;
      root.dataset.state = 'busy';
      // A form in the body: the list outgrows a URL after about 1,300 moves.
      var form = 'board=' + encodeURIComponent(board) + '&moves=' + encodeURIComponent(list.join(' '));
      return post('/api/hint', form, 'application/x-www-form-urlencoded').then(function (r) {
        busy = false;
        root.dataset.state = 'ready';
        return r;
      }, function (e) {
        busy = false;
        root.dataset.state = 'ready';
        throw e;
      });
    }
    // A move asked of the server; `quiet`: a move the board refuses (400)
    // says nothing (a click on a tile tries each way in turn), and any other
    // refusal resolves to null.
    function tryMove(step, quiet, alone) {
      if (busy || (last && last.solved)) return Promise.resolve(false);
      var list = moves.slice(), m = step, joined = false;
      if (joins && !alone && list.length && labelOf(list[list.length - 1], false) === labelOf(step, false)) {
        m = list.pop() + step.slice(1);
        joined = true;
      }
      list.push(m);
      return ask(list).then(function (r) {
        // A 503 that counts every move played: legal, but no hint (a
        // search past the server's limits, or every search slot busy).
        var unhinted = r.status === 503 && r.json && r.json.moves_played === list.length;
        // A step the piece's last move refuses (it ends where that move
        // began, or runs into something): judged on its own, so a way back
        // is taken and a refusal names the step dragged.
        if (joined && r.status === 400) return tryMove(step, quiet, true);
        if (r.status !== 200 && !unhinted) {
          if (quiet && r.status === 400) return false;
          text(msg, r.json.error || 'not a legal move', 'error');
          return quiet ? null : false;
        }
        if (alone && joins && moves.length) {
          // The piece back where its last move took it from: that move undone.
          var net = runs(moves[moves.length - 1] + step.slice(1), false).reduce(function (a, x) {
            return { dr: a.dr + x.dr, dc: a.dc + x.dc };
          }, { dr: 0, dc: 0 });
          if (labelOf(moves[moves.length - 1], false) === labelOf(step, false) && !net.dr && !net.dc) {
            slide(step, 1);
            moves.pop();
            last = null;
            show();
            text(msg, '');
            return refresh().then(function () { return true; });
          }
        }
        moves = list;
        slide(step, 1);
        if (unhinted) {
          last = null;
          show();
          text(msg, r.json.error, 'error');
          return true;
        }
        last = r.json;
        show();
        if (last.solved) {
          root.dataset.solved = '1';
          text(msg, solvedText(), 'good');
        } else if (!last.solvable) {
          text(msg, last.message, 'error');
        } else {
          text(msg, '');
        }
        return true;
      });
    }
    // The server's answer for the moves so far; a refusal (a search past
    // the server's limits) is said under the board.
    function refresh() {
      return ask(moves).then(function (r) {
        last = r.status === 200 ? r.json : null;
        show();
        if (!last) text(msg, r.json.error || 'the server answered ' + r.status, 'error');
      });
    }
    var act = {
      undo: function () {
        if (busy || !moves.length) return;
        slide(moves.pop(), -1);
        delete root.dataset.solved;
        last = null;
        text(msg, '');
        show();
        refresh();
      },
      reset: function () {
        if (busy) return;
        moves = [];
        last = null;
        delete root.dataset.solved;
        Object.keys(blocks).forEach(function (k) {
          var g = blocks[k];
          g.dataset.row = g.dataset.row0;
          g.dataset.col = g.dataset.col0;
          place(g);
        });
        text(msg, '');
        show();
      },
      hint: function () {
        var go = last ? Promise.resolve() : refresh();
        go.then(function () {
          if (!last) return;
          if (last.solved) { text(msg, solvedText(), 'good'); return; }
          if (!last.solvable) { text(msg, last.message, 'error'); return; }
          var g = blocks[labelOf(last.move, tiles)];
          if (g) g.classList.add('hinted');
          root.dataset.hint = last.move;
          // A tile's letter is the blank's way: the tile's own is said too.
          var way = { U: 'down', D: 'up', L: 'right', R: 'left' }[last.move.slice(-1)];
          var said = tiles ? 'tile ' + labelOf(last.move, true) + ' slides ' + way + ', ' : '';
          text(msg, 'Hint: ' + last.move + ' (' + said + count(last.distance, 'move') + ' to the goal from here)');
        });
      },
      distance: function () {
        var go = last ? Promise.resolve() : refresh();
        go.then(function () {
          if (!last) return;
          if (last.solved) { text(msg, solvedText(), 'good'); return; }
          text(msg, last.solvable ? count(last.distance, 'move') + ' to the goal from here' : last.message, last.solvable ? '' : 'error');
        });
      }
    };
    root.querySelectorAll('button[data-act]').forEach(function (b) {
      b.addEventListener('click', function () { act[b.dataset.act](); });
    });

    // Dragging a piece: the way it went, in whole cells.
    var drag = null;
    function scale() {
      var r = svg.getBoundingClientRect();
      return svg.viewBox.baseVal.width / r.width;
    }
    svg.addEventListener('pointerdown', function (e) {
      var g = e.target.closest('g.block');
      if (!g) return;
      e.preventDefault();
      drag = { g: g, x: e.clientX, y: e.clientY };
    });
    // The piece follows the pointer along the way it is dragged, until the
    // server says where it goes.
    svg.addEventListener('pointermove', function (e) {
      if (!drag) return;
      var k = scale(), dx = (e.clientX - drag.x) * k, dy = (e.clientY - drag.y) * k;
      if (Math.abs(dx) >= Math.abs(dy)) dy = 0; else dx = 0;
      var g = drag.g;
      g.style.transition = 'none';
      g.style.transform = 'translate(' + (pad + Number(g.dataset.col) * cell + dx) + 'px,' +
        (pad + Number(g.dataset.row) * cell + dy) + 'px)';
    });
    window.addEventListener('pointerup', function (e) {
      if (!drag) return;
      var g = drag.g, k = scale();
      var dx = (e.clientX - drag.x) * k / cell, dy = (e.clientY - drag.y) * k / cell;
      drag = null;
      g.style.transition = '';
      var settle = function () { place(g); };
      var label = g.dataset.label;
      if (tiles) {
        if (Math.abs(dx) < 0.3 && Math.abs(dy) < 0.3) {
          // A click: the tile goes where the blank is, whichever side that
          // is; the move taken says what it says (the goal reached, too).
          settle();
          if (busy || (last && last.solved)) return;
          var tries = ['L', 'R', 'U', 'D'], i = 0;
          var next = function () {
            if (i >= tries.length) {
              text(msg, 'tile ' + label + ' is not next to the blank', 'error');
              return;
            }
            return tryMove(label + tries[i++], true).then(function (ok) { if (ok === false) return next(); });
          };
          next();
          return;
        }
        var d = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'R' : 'L') : (dy > 0 ? 'D' : 'U');
        tryMove(label + opposite[d]).then(settle, settle);
        return;
      }
      var n, dir;
      if (Math.abs(dx) >= Math.abs(dy)) { n = Math.round(Math.abs(dx)); dir = dx > 0 ? 'R' : 'L'; }
      else { n = Math.round(Math.abs(dy)); dir = dy > 0 ? 'D' : 'U'; }
      if (n >= 1) farthest(label, dir, n).then(settle, settle);
      else settle();
    });
    // A drag past what is free goes as far as the piece can (the prisoner
    // dragged past the exit, out); only when it cannot move at all is the
    // refusal said.
    function farthest(label, dir, n) {
      return tryMove(label + dir + n, n > 1).then(function (ok) {
        return ok === false && n > 1 ? farthest(label, dir, n - 1) : ok;
      });
    }
    // The keyboard: Tab to a piece, an arrow key moves it a cell that way
    // (a tile: into the blank that way).
    // A board of many cells is drawn larger (up to the page's width).
    var columns = Number(svg.dataset.width);
    if (columns > 8) svg.style.width = Math.min(640, columns * 40) + 'px';
    svg.querySelectorAll('g.block').forEach(function (g) {
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', (tiles ? 'tile ' : 'piece ') + g.dataset.label);
    });
    svg.addEventListener('keydown', function (e) {
      var g = e.target.closest && e.target.closest('g.block');
      var d = { ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R' }[e.key];
      if (!g || !d) return;
      e.preventDefault();
      tryMove(g.dataset.label + (tiles ? opposite[d] : d + '1'));
    });
    // Test hook and keyboard: "#play=BU1,AR2" plays those moves in turn.
    root.playMoves = function (list) {
      return list.reduce(function (p, m) { return p.then(function () { return tryMove(m); }); }, Promise.resolve());
    };
    root.dataset.state = 'ready';
    show();
  }

  // ---- A solve's answer: figures, the player, the charts -----------------
  function figures(res) {
    var out = '<div class="figures">';
    [['status', res.status], ['moves', res.moves, 'move'], ['steps', res.steps, 'step'],
     ['cluster size', res.cluster_size], ['goal boards', res.cluster_goals, 'goal board'],
     ['examined', res.examined], ['hardest start', res.hardest_moves]]
      .forEach(function (f) {
        if (f[1] === null || f[1] === undefined) return;
        var name = f[2] && f[1] === 1 ? f[2] : f[0];
        var b = document.createElement('b');
        b.textContent = String(f[1]);
        out += '<div class="figure" data-name="' + f[0] + '">' + b.outerHTML + '<span>' + name + '</span></div>';
      });
    return out + '</div>';
  }
  function showSolve(r, into) {
    if (r.status !== 200) {
      into.innerHTML = '';
      var p = document.createElement('p');
      p.className = 'message error';
      p.textContent = r.json.error;
      into.appendChild(p);
      return;
    }
    var j = r.json, res = j.result, html = figures(res);
    if (res.status === 'unsolvable') {
      // Why, in the family's words: its reason (tiles: parity), or the
      // cells no move ever clears and the pieces on them.
      var ex = res.extras || {}, said = [];
      if (ex.reason) said.push(ex.reason.charAt(0).toUpperCase() + ex.reason.slice(1) + '.');
      if (ex.blocked_cells)
        said.push('Never clear: ' + ex.blocked_cells + (ex.blockers ? ', covered by ' + ex.blockers : '') + '.');
      var why = document.createElement('p');
      why.className = 'message error';
      why.dataset.why = 'unsolvable';
      why.textContent = ['No sequence of moves reaches the goal.'].concat(said).join(' ');
      html += why.outerHTML;
    }
    // The server drew these (escaped there): the player and the charts.
    html += j.player_html;
    if (j.levels_svg) html += '<h3>Levels</h3>' + j.levels_svg;
    if (j.distances_svg) html += '<h3>Boards by distance to the goal</h3>' + j.distances_svg;
    into.innerHTML = html;
    var pl = $('div.player[data-moves]', into);
    if (pl && window.slidedbPlayer) window.slidedbPlayer(pl);
    into.dataset.moves = res.moves === null ? '' : String(res.moves);
  }

  // Save's answer: a link to each puzzle stored.
  function savedLinks(into, list) {
    into.innerHTML = '';
    into.className = 'message';
    list.forEach(function (s) {
      var a = document.createElement('a');
      a.href = '/puzzles/' + s.id;
      a.textContent = 'puzzle ' + s.id;
      a.id = 'saved-puzzle';
      into.appendChild(document.createTextNode(s['new'] ? 'Saved as ' : 'Already stored: '));
      into.appendChild(a);
    });
  }

  // ---- A grid edited by mouse, for the family editors (editor_*.js) -----
  // spec.cell(r, c) -> {text, cls, goal}; spec.click(r, c); spec.drag(from,
  // to) with {r, c} cells; spec.paint(r, c, first) -> true when it painted
  // (then every cell the pointer crosses is painted, and spec.strokeEnd()
  // follows); spec.exit {side, row} draws the exit.
  window.slidedbEditGrid = function (host, w, h, spec) {
    var g = document.createElement('div');
    g.className = 'editgrid';
    g.style.gridTemplateColumns = 'repeat(' + w + ', max-content)';
    var cells = [];
    function look(el, r, c) {
      var v = spec.cell(r, c);
      el.textContent = v.text;
      el.className = 'cell ' + v.cls;
      if (spec.exit && spec.exit.row === r && c === (spec.exit.side === 'left' ? 0 : w - 1))
        el.classList.add('exit-' + spec.exit.side);
      if (v.goal) { el.dataset.goal = v.goal; el.classList.add('goal'); } else delete el.dataset.goal;
    }
    for (var r = 0; r < h; ++r)
      for (var c = 0; c < w; ++c) {
        var el = document.createElement('div');
        el.dataset.r = r;
        el.dataset.c = c;
        look(el, r, c);
        cells.push(el);
        g.appendChild(el);
      }
    host.appendChild(g);
    function at(e) {
      var el = document.elementFromPoint(e.clientX, e.clientY);
      el = el && el.closest ? el.closest('.editgrid .cell') : null;
      return el && el.parentNode === g ? { r: Number(el.dataset.r), c: Number(el.dataset.c), el: el } : null;
    }
    var down = null, painting = false, last = null;
    g.addEventListener('pointerdown', function (e) {
      var p = at(e);
      if (!p) return;
      e.preventDefault();
      down = p;
      last = p;
      painting = !!(spec.paint && spec.paint(p.r, p.c, true));
      if (painting) look(p.el, p.r, p.c);
    });
    g.addEventListener('pointermove', function (e) {
      if (!down || !painting) return;
      var p = at(e);
      if (!p || (last && p.r === last.r && p.c === last.c)) return;
      last = p;
      if (spec.paint(p.r, p.c, false)) look(p.el, p.r, p.c);
    });
    function up(e) {
      if (!down) return;
      var from = down, p = at(e) || last;
      down = null;
      window.removeEventListener('pointerup', up);
      if (painting) { painting = false; if (spec.strokeEnd) spec.strokeEnd(); return; }
      if (!p) return;
      if (p.r === from.r && p.c === from.c) { if (spec.click) spec.click(p.r, p.c); }
      else if (spec.drag) spec.drag({ r: from.r, c: from.c }, { r: p.r, c: p.c });
    }
    g.addEventListener('pointerdown', function () { window.addEventListener('pointerup', up); });
    return g;
  };

  // ---- Board editor -----------------------------------------------------
  function Editor(root) {
    var area = $('#board', root), family = $('#family', root), preview = $('#preview', root);
    var check = $('#check', root), result = $('#result', root), saved = $('#saved', root);
    var canvas = $('#canvas', root);
    var editors = window.slidedbEditors || {};
    var timer = null, seq = 0, shown = family.value;
    // The mouse view: the family's editor draws the board the text holds;
    // each edit there writes the text again, which is checked as typing is.
    function draw(name, fallback) {
      var ed = editors[name];
      if (!ed) { canvas.innerHTML = ''; delete root.dataset.editor; return; }
      var m = ed.parse(area.value) || (fallback && ed.parse(fallback));
      if (!m) {
        // A text the grid cannot draw (too large, not a board yet): no grid,
        // so no click paints over what was typed with the board before.
        canvas.innerHTML = '';
        var p = document.createElement('p');
        p.className = 'message';
        p.id = 'nogrid';
        p.textContent = 'The mouse grid cannot draw this text: edit it above, or start again with New or Empty.';
        canvas.appendChild(p);
        root.dataset.grid = 'none';
        return;
      }
      shown = name;
      root.dataset.editor = name;
      root.dataset.grid = 'drawn';
      ed.render(canvas, m, function (next) {
        area.value = ed.write(next);
        draw(name);
        validate();
      }, function (why) { text(check, why, 'error'); root.dataset.refused = why; });
    }
    function validate() {
      var mine = ++seq;
      root.dataset.state = 'checking';
      return post('/api/validate', area.value).then(function (r) {
        if (mine !== seq) return;
        var j = r.json;
        preview.innerHTML = j.svg || '';
        if (r.status !== 200) text(check, j.error, 'error');
        else if (j.ok) text(check, j.summary + (j.puzzles > 1 ? ' (the first of ' + j.puzzles + ' boards)' : ''), 'good');
        else text(check, j.message, 'error');
        draw(j.family || shown, j.file_text);
        root.dataset.state = j.ok ? 'valid' : 'invalid';
      });
    }
    area.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(validate, 250);
    });
    $('#new', root).addEventListener('click', function () {
      area.value = family.selectedOptions[0].dataset.start;
      shown = family.value;
      validate();
    });
    $('#empty', root).addEventListener('click', function () {
      var ed = editors[family.value];
      if (!ed) return;
      area.value = ed.write(ed.blank());
      shown = family.value;
      draw(shown);
      validate();
    });
    $('#solve', root).addEventListener('click', function () {
      // The solve answers for the text as it stands: a check still to come
      // or under way (typing paused past the delay) must not write over it.
      clearTimeout(timer);
      ++seq;
      result.textContent = 'solving…';
      root.dataset.state = 'solving';
      post('/api/solve', area.value).then(function (r) { showSolve(r, result); root.dataset.state = 'solved'; });
    });
    $('#export', root).addEventListener('click', function () {
      var a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([area.value], { type: 'text/plain' }));
      a.download = 'board.txt';
      document.body.appendChild(a);
      a.click();
      a.remove();
    });
    $('#share', root).addEventListener('click', function () {
      history.replaceState(null, '', '#board=' + encodeURIComponent(area.value));
      text(saved, 'This page\u2019s address now holds the board: ' + location.href);
      if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(function () {});
    });
    $('#save', root).addEventListener('click', function () {
      text(saved, 'saving…');
      post('/api/save', area.value).then(function (r) {
        if (r.status !== 200) { text(saved, r.json.error, 'error'); return; }
        savedLinks(saved, r.json.saved);
        root.dataset.state = 'saved';
      });
    });
    // The board a shared link gives; another link opened in the same tab
    // changes only the address's fragment, and its board is taken too.
    function open() {
      var m = /[#&]board=([^&]*)/.exec(location.hash), shared = null;
      delete root.dataset.badLink;
      if (m) {
        try {
          shared = decodeURIComponent(m[1]);
        } catch (e) {
          // A link cut short or mangled on its way: the editor opens anyway.
          root.dataset.badLink = '1';
        }
      }
      area.value = shared !== null ? shared : family.selectedOptions[0] ? family.selectedOptions[0].dataset.start : '';
      return validate().then(function () {
        if (root.dataset.badLink)
          text(check, 'The link\u2019s board could not be read (the address was cut or damaged); ' +
            'the editor shows the database\u2019s first board instead.', 'error');
      });
    }
    window.addEventListener('hashchange', open);  // Share's replaceState fires none
    open();
  }

  // ---- Screenshot upload ------------------------------------------------
  function Upload(root) {
    var input = $('#picture', root), drop = $('#drop', root), msg = $('#scanned', root);
    var preview = $('#preview', root), result = $('#result', root), saved = $('#saved', root);
    var bytes = null, boardText = '';
    function enable(on) {
      $('#solve', root).disabled = $('#edit', root).disabled = !on;
      $('#save', root).disabled = !on || root.dataset.readOnly === '1';
    }
    function read(file) {
      if (!file) return;
      enable(false);
      text(msg, 'reading…');
      file.arrayBuffer().then(function (buf) {
        bytes = buf;
        return post('/api/scan', buf, 'application/octet-stream');
      }).then(function (r) {
        var j = r.json;
        preview.innerHTML = '';
        // What the scanner saw, drawn over the picture, beside the board read.
        var seen = null;
        if (j.debug_png) {
          seen = document.createElement('img');
          seen.id = 'debug';
          seen.alt = 'what the scanner saw';
          seen.src = j.debug_png;
        }
        if (r.status !== 200) {
          if (seen) preview.appendChild(seen);
          text(msg, j.error || (j.errors || []).join('; '), 'error');
          root.dataset.state = 'refused';
          return;
        }
        var p = j.puzzles[0];
        boardText = p.file_text;
        var read = document.createElement('div');
        read.className = 'read';
        read.innerHTML = p.svg;
        var pre = document.createElement('pre');
        pre.id = 'board-read';
        pre.textContent = p.board_text;
        read.appendChild(pre);
        preview.appendChild(read);
        if (seen) preview.appendChild(seen);
        text(msg, p.summary + ' (confidence ' + Math.round(p.confidence * 100) + '%)', 'good');
        enable(true);
        root.dataset.state = 'read';
      });
    }
    input.addEventListener('change', function () { read(input.files[0]); });
    drop.addEventListener('dragover', function (e) { e.preventDefault(); drop.classList.add('over'); });
    drop.addEventListener('dragleave', function () { drop.classList.remove('over'); });
    drop.addEventListener('drop', function (e) {
      e.preventDefault();
      drop.classList.remove('over');
      read(e.dataTransfer.files[0]);
    });
    $('#solve', root).addEventListener('click', function () {
      result.textContent = 'solving…';
      root.dataset.state = 'solving';
      post('/api/solve', boardText).then(function (r) { showSolve(r, result); root.dataset.state = 'solved'; });
    });
    $('#edit', root).addEventListener('click', function () {
      location.href = '/editor#board=' + encodeURIComponent(boardText);
    });
    $('#save', root).addEventListener('click', function () {
      post('/api/save', bytes, 'application/octet-stream').then(function (r) {
        if (r.status !== 200) { text(saved, r.json.error, 'error'); return; }
        savedLinks(saved, r.json.saved);
        root.dataset.state = 'saved';
      });
    });
  }

  function start() {
    document.querySelectorAll('section.play').forEach(function (s) { new Play(s); });
    var e = $('section.editor');
    if (e) new Editor(e);
    var u = $('section.upload');
    if (u) new Upload(u);
    document.body.dataset.app = 'ready';
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
