#include "report/player_js.h"

namespace slidedb {

std::string_view player_js() {
    return R"js(
(function () {
  'use strict';
  window.addEventListener('error', function () {
    document.body.dataset.errors = String(Number(document.body.dataset.errors || 0) + 1);
  });

  function Player(root) {
    var svg = root.querySelector('svg.board');
    var cell = Number(svg.dataset.cell), pad = Number(svg.dataset.pad);
    var moves = root.dataset.moves.split(' ').filter(function (m) { return m.length > 0; });
    var counter = root.querySelector('.counter');
    var buttons = {};
    root.querySelectorAll('button[data-act]').forEach(function (b) { buttons[b.dataset.act] = b; });
    var blocks = {};
    svg.querySelectorAll('g.block').forEach(function (g) {
      blocks[g.dataset.label] = g;
      g.dataset.row0 = g.dataset.row;
      g.dataset.col0 = g.dataset.col;
    });
    var step = 0, timer = null;

    function at(g) {
      return 'translate(' + (pad + Number(g.dataset.col) * cell) + 'px,' +
             (pad + Number(g.dataset.row) * cell) + 'px)';
    }
    function place(g) {
      g.style.transform = at(g);
    }
    // Tile boards write a move as the tile and the way the blank goes
    // ("12R": tile 12 slides one cell left).
    var tiles = svg.classList.contains('tiles');
    var opposite = { L: 'R', R: 'L', U: 'D', D: 'U' };
    function label(m) { return tiles ? m.slice(0, -1) : m.charAt(0); }
    // The runs of move m: its label, then one run or more of a direction
    // and a distance ("BU1"; "AR2D1" carries a piece round a corner).
    function runs(m) {
      if (tiles) {
        var d = opposite[m.charAt(m.length - 1)];
        return [{ dr: d === 'U' ? -1 : d === 'D' ? 1 : 0, dc: d === 'L' ? -1 : d === 'R' ? 1 : 0 }];
      }
      var out = [], re = /([LRUD])(\d+)/g, r;
      while ((r = re.exec(m.slice(1))) !== null) {
        var n = Number(r[2]);
        out.push({ dr: r[1] === 'U' ? -n : r[1] === 'D' ? n : 0, dc: r[1] === 'L' ? -n : r[1] === 'R' ? n : 0 });
      }
      return out;
    }
    // Moves the block of move m, or undoes it when sign is -1. A move of
    // several runs is animated along its way, not straight across.
    function slide(m, sign) {
      var g = blocks[label(m)];
      var way = runs(m);
      if (sign < 0) way = way.reverse().map(function (r) { return { dr: -r.dr, dc: -r.dc }; });
      var frames = [{ transform: at(g) }];
      way.forEach(function (r) {
        g.dataset.row = Number(g.dataset.row) + r.dr;
        g.dataset.col = Number(g.dataset.col) + r.dc;
        frames.push({ transform: at(g) });
      });
      var along = way.length > 1 && typeof g.animate === 'function';
      // A CSS transition would win over the path animation: off meanwhile.
      if (along) g.style.transition = 'none';
      place(g);
      if (along) {
        g.animate(frames, { duration: Math.min(600, 200 * way.length), easing: 'ease-in-out' })
          .onfinish = function () { g.style.transition = ''; };
      }
    }
    function show() {
      root.dataset.step = String(step);
      counter.dataset.step = String(step);
      counter.textContent = step + ' / ' + moves.length;
      buttons.back.disabled = buttons.reset.disabled = step === 0;
      buttons.forward.disabled = step === moves.length;
      buttons.play.textContent = timer ? 'pause' : 'play';
      root.classList.toggle('done', step === moves.length);
    }
    function forward() {
      if (step < moves.length) { slide(moves[step], 1); step += 1; }
      if (step === moves.length) stop();
      show();
    }
    function back() {
      if (step > 0) { step -= 1; slide(moves[step], -1); }
      show();
    }
    function reset() {
      stop();
      Object.keys(blocks).forEach(function (k) {
        var g = blocks[k];
        g.dataset.row = g.dataset.row0;
        g.dataset.col = g.dataset.col0;
        place(g);
      });
      step = 0;
      show();
    }
    function stop() {
      if (timer) { clearInterval(timer); timer = null; }
    }
    function play() {
      if (timer) { stop(); show(); return; }
      if (step === moves.length) reset();
      timer = setInterval(forward, 650);
      show();
    }
    buttons.forward.addEventListener('click', forward);
    buttons.back.addEventListener('click', back);
    buttons.reset.addEventListener('click', reset);
    buttons.play.addEventListener('click', play);
    root.tabIndex = 0;  // focusable: arrow keys step, space plays
    root.addEventListener('keydown', function (e) {
      if (e.key === 'ArrowRight') forward();
      else if (e.key === 'ArrowLeft') back();
      else if (e.key === ' ') play();
      else return;
      e.preventDefault();
    });
    show();
  }

  // Pages that add players after loading (the web app's editor) start them here.
  window.slidedbPlayer = function (root) { new Player(root); };

  function start() {
    document.querySelectorAll('div.player[data-moves]').forEach(function (root) { new Player(root); });
    var hook = /[#&]steps=([fbrp]*)/.exec(location.hash);
    if (hook) {
      var first = document.querySelector('div.player[data-moves]');
      var act = { f: 'forward', b: 'back', r: 'reset', p: 'play' };
      if (first) {
        hook[1].split('').forEach(function (c) {
          first.querySelector('button[data-act="' + act[c] + '"]').click();
        });
      }
      document.body.dataset.hook = first ? 'done' : 'no player';
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
)js";
}

}  // namespace slidedb
