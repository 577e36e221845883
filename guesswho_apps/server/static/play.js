// The class server's game page: a thin view of the game the server holds (guesswho_apps.server).
// It draws the state the server sends (guesswho_lib.widgets.play_view.view_state) and sends each click as one
// small request, one at a time, numbered so that a request sent again is not played twice.  Faults are shown
// with a way on: the game lost (server restarted), the server out of reach (retried), the game full (retried).
(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const KEY = 'guesswho-game';                          // this tab's game: {session, query}
  const query = location.search.replace(/^\?/, '');
  const pingMs = 1000 * Number(document.body.dataset.pingSeconds || 20);
  const fullRetryMs = 1000 * Number(document.body.dataset.fullRetrySeconds || 20);
  let session = null;
  let seq = 0;
  let shown = {};                                       // what is on the page, to change only what changed
  let queue = [];                                       // actions waiting to be sent, the first one in flight
  let sending = false;
  let retryTimer = null;
  let retryDelay = 2000;
  let lost = false;

  // ---- talking to the server --------------------------------------------------------------------------------
  async function post(path, body) {
    const response = await fetch(new URL('api/' + path, document.baseURI), {
      method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body),
      cache: 'no-store', credentials: 'same-origin'});
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return {status: response.status, data: data || {}};
  }

  function remember() {
    try { sessionStorage.setItem(KEY, JSON.stringify({session: session, query: query})); } catch (e) { /* private mode */ }
  }

  function forget() {
    try { sessionStorage.removeItem(KEY); } catch (e) { /* private mode */ }
  }

  function stored() {
    try {
      const s = JSON.parse(sessionStorage.getItem(KEY) || 'null');
      return s && s.query === query && typeof s.session === 'string' ? s.session : null;
    } catch (e) { return null; }
  }

  // A new game from the page's address (or the page's own game again after a reload of this tab).
  async function start() {
    clearTimeout(retryTimer);
    lost = false;
    queue = [];
    const again = session || stored();
    let r;
    try {
      r = again ? await post('act', {session: again, action: 'state'}) : await post('start', {query: query});
    } catch (e) {
      return unreachable(start);
    }
    if (r.status === 200) {
      session = r.data.session;
      seq = r.data.seq;
      remember();
      hideFault();
      draw(r.data.state);
      return;
    }
    if (r.status === 404) {
      session = null;
      forget();
      return fault('This game was lost: ' + (r.data.message || 'the server does not know it') + '.',
                   'Start a new game', start);
    }
    if (r.status === 503 && r.data.error === 'full') {
      const wait = fullRetryMs * (0.75 + 0.5 * Math.random());       // not the whole class at the same moment
      retryTimer = setTimeout(start, wait);
      return fault('The game is full: ' + r.data.message + ' The page tries again by itself in about ' +
                   Math.round(wait / 1000) + ' s.', 'Try again now', start);
    }
    if (r.status >= 500 && r.status !== 503) {
      return fault('The server could not start a game: ' + (r.data.message || 'error ' + r.status) + '.',
                   'Try again', start);
    }
    return unreachable(start);
  }

  function send(action) {
    if (lost || session === null) { return; }
    queue.push(action);
    pump();
  }

  async function pump() {
    if (sending || queue.length === 0 || session === null) { return; }
    sending = true;
    const action = queue[0];
    if (action.action !== 'state' && action.seq === undefined) { action.seq = ++seq; }
    let r;
    try {
      r = await post('act', Object.assign({session: session}, action));
    } catch (e) {
      sending = false;
      return unreachable(pump);
    }
    sending = false;
    if (r.status === 200) {
      queue.shift();
      retryDelay = 2000;
      hideFault();
      draw(r.data.state);
    } else if (r.status === 404) {
      return gameLost(r.data.message);
    } else if (r.status === 400) {
      queue.shift();
      say('The server refused this: ' + (r.data.message || 'a bad request'), true);
    } else if (r.status === 500) {
      queue.shift();
      return fault('The server could not answer (' + (r.data.message || 'an error on the server') + ').',
                   'Start a new game', newGameAfterFault);
    } else {                                            // a proxy between us: the server is out of reach
      return unreachable(pump);
    }
    pump();
  }

  function gameLost(message) {
    lost = true;
    queue = [];
    session = null;
    forget();
    fault('This game was lost: ' + (message || 'the server does not know it') + '.', 'Start a new game',
          newGameAfterFault);
  }

  function newGameAfterFault() {
    session = null;
    forget();
    start();
  }

  // The server does not answer: say so, try again by itself (every 2 s, then less often), and offer a button.
  function unreachable(again) {
    clearTimeout(retryTimer);
    fault('Cannot reach the game server: it may have stopped, or the network is down. Trying again every ' +
          Math.round(retryDelay / 1000) + ' s\u2026', 'Try again now', () => { clearTimeout(retryTimer); again(); });
    retryTimer = setTimeout(again, retryDelay);
    retryDelay = Math.min(2 * retryDelay, 10000);
  }

  async function ping() {
    if (session === null || lost || sending || queue.length) { return; }   // (a hidden tab too: its game is kept)
    let r;
    try {
      r = await post('ping', {session: session});
    } catch (e) {
      return unreachable(ping);
    }
    if (r.status === 404) { return gameLost(r.data.message); }
    if (r.status === 200) { retryDelay = 2000; hideFault(); }
  }

  // ---- faults ----------------------------------------------------------------------------------------------
  let faultAction = null;
  function fault(text, button, action) {
    $('gw-fault').querySelector('.gw-fault-text').textContent = text;
    $('gw-fault-button').textContent = button;
    faultAction = action;
    $('gw-fault').hidden = false;
    $('gw-play').setAttribute('aria-busy', 'false');
  }

  function hideFault() {
    $('gw-fault').hidden = true;
  }

  function say(text, error) {
    const m = $('gw-message');
    m.textContent = text;
    m.style.color = error ? '#b00020' : '#1b5e20';
    shown.message_html = null;
  }

  // ---- drawing ---------------------------------------------------------------------------------------------
  function setHTML(id, html) {
    if (shown[id] !== html) {
      $(id).innerHTML = html;
      shown[id] = html;
    }
  }

  function options(select, pairs, chosen) {
    const key = JSON.stringify(pairs);
    if (select.dataset.options !== key) {
      select.replaceChildren(...pairs.map(([label, value]) => new Option(label, value)));
      select.dataset.options = key;
    }
    select.value = chosen;
  }

  function buildGrid(state) {
    const grid = $('gw-grid');
    grid.classList.toggle('gw-faces', state.faces);
    grid.replaceChildren(...state.suspects.map((s) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'gw-suspect gw-suspect-' + s.number;
      b.dataset.number = s.number;
      b.append(s.name);
      const status = document.createElement('span');
      status.className = 'gw-sr';
      b.append(status);
      if (!state.faces) { return b; }
      const tile = document.createElement('div');
      tile.className = 'gw-tile';
      const portrait = document.createElement('div');
      portrait.className = 'gw-portrait';
      portrait.dataset.number = s.number;
      tile.append(portrait, b);
      return tile;
    }));
    shown.tiles = [];
  }

  const STATUS = {in: 'still a suspect', A: 'in group A', B: 'in group B', out: 'ruled out'};

  function draw(state) {
    const gridKey = JSON.stringify([state.faces, state.suspects.map((s) => s.name)]);
    if (shown.gridKey !== gridKey) {
      buildGrid(state);
      shown.gridKey = gridKey;
    }
    const settings = JSON.stringify(state.settings);
    if (shown.settings !== settings) {                  // a new game: the boxes show its settings
      const s = state.settings;
      $('gw-rules').value = s.rules;
      $('gw-board').value = s.board;
      $('gw-size').value = s.size;
      $('gw-computer').value = s.computer;
      $('gw-first').checked = s.you_first;
      $('gw-best-of').value = String(s.best_of);
      showSize();
      shown.settings = settings;
    }
    setHTML('gw-status', state.status_html);
    $('gw-match').textContent = state.match_text;
    $('gw-match').hidden = !state.match_text;
    setHTML('gw-players', state.players_html);
    $('gw-players').hidden = !state.players_html;
    setHTML('gw-peek', state.peek_html);
    $('gw-group').hidden = !state.groups.shown;
    document.querySelector(`input[name="gw-group"][value="${state.groups.active}"]`).checked = true;
    $('gw-trait-box').hidden = state.traits.length === 0;
    options($('gw-trait'), [['(choose a trait)', '']].concat(state.traits.map((t) => [t, t])), '');
    const q = state.questions;
    $('gw-question-box').hidden = !q.shown;
    if (q.shown) {
      options($('gw-question'), q.options, q.chosen);
      $('gw-question').disabled = q.disabled;
    }
    const buttons = document.querySelectorAll('#gw-grid button.gw-suspect');
    const portraits = document.querySelectorAll('#gw-grid .gw-portrait');
    state.suspects.forEach((s, i) => {
      const b = buttons[i];
      b.className = 'gw-suspect gw-suspect-' + s.number + ' gw-' + s.status;
      b.disabled = s.disabled;
      b.title = s.tooltip;
      b.setAttribute('aria-pressed', s.status === 'A' || s.status === 'B' ? 'true' : 'false');
      b.lastChild.textContent = ' (' + STATUS[s.status] + ')';
      if (state.faces && shown.tiles[i] !== s.tile) {
        portraits[i].innerHTML = s.tile;
        shown.tiles[i] = s.tile;
      }
    });
    const k = state.buttons;
    $('gw-ask').disabled = !k.ask;
    $('gw-guess').disabled = !k.guess;
    $('gw-clear').disabled = !k.clear;
    $('gw-hint').disabled = !k.hint;
    $('gw-peek-button').hidden = !k.peek_shown;
    $('gw-peek-button').disabled = !k.peek;
    $('gw-peek-button').textContent = k.peek_label;
    $('gw-next').hidden = !k.next_game;
    $('gw-review').textContent = k.review_label;
    $('gw-review').setAttribute('aria-expanded', state.review.open ? 'true' : 'false');
    const m = $('gw-message');
    if (shown.message_html !== state.message_html) {
      m.innerHTML = state.message_html;
      m.style.color = '';
      shown.message_html = state.message_html;
    }
    setHTML('gw-hint-box', state.hint_html);
    const r = state.review;
    $('gw-review-area').hidden = !r.open;
    if (r.open) {
      setHTML('gw-review-box', r.html);
      $('gw-review-where').textContent = 'step ' + r.step + ' of ' + r.moves;
      document.querySelector('.gw-review-first').disabled = r.step === 0;
      document.querySelector('.gw-review-prev').disabled = r.step === 0;
      document.querySelector('.gw-review-next').disabled = r.step >= r.moves;
      document.querySelector('.gw-review-last').disabled = r.step >= r.moves;
    }
    drawAgain(state.again, k);
    setHTML('gw-history', state.history_html);
    drawClass(state.class);
    $('gw-loading').hidden = true;
    $('gw-game').hidden = false;
    $('gw-play').setAttribute('aria-busy', 'false');
  }

  // Choose again, after the game: the position (never its answer), the menu of moves in a fixed order, the
  // values, the hint after a wrong choice, and the answer once found or asked for.
  function drawAgain(a, k) {
    $('gw-again').hidden = !k.again;
    $('gw-again').textContent = k.again_label;
    $('gw-again').setAttribute('aria-expanded', a.open ? 'true' : 'false');
    $('gw-again-area').hidden = !a.open;
    if (!a.open) { return; }
    setHTML('gw-again-box', a.html);
    const none = a.positions === 0;
    $('gw-again-where').textContent = none ? '' : 'position ' + (a.index + 1) + ' of ' + a.positions;
    document.querySelector('.gw-again-first').disabled = none || a.index === 0;
    document.querySelector('.gw-again-prev').disabled = none || a.index === 0;
    document.querySelector('.gw-again-next').disabled = none || a.index >= a.positions - 1;
    document.querySelector('.gw-again-last').disabled = none || a.index >= a.positions - 1;
    $('gw-again-form').hidden = none;
    const menu = $('gw-again-menu');
    options(menu, [['(choose a move)', '']].concat(a.menu), '');
    menu.disabled = !a.can_choose;
    $('gw-again-choose').disabled = !a.can_choose;
    $('gw-again-answer').disabled = !a.can_choose;
  }

  // The class session's box: the join form until the page has joined, then what was recorded (or why not,
  // and Send again while a game is kept unsent).  Shown only when the server keeps a class session.
  function drawClass(c) {
    $('gw-class').hidden = !c.shown;
    if (!c.shown) { return; }
    const form = $('gw-class-form');
    if (form.hidden && c.form) {                      // the form appears: fill in what the address gave
      $('gw-class-code').value = c.code;
      $('gw-class-name').value = c.nickname;
    }
    form.hidden = !c.form;
    const status = $('gw-class-status');
    status.textContent = c.message;
    status.classList.toggle('gw-error', c.error);
    $('gw-class-send').hidden = !c.send_again;
  }

  function showSize() {
    $('gw-size-label').hidden = $('gw-board').value !== 'numbered';
  }

  // ---- the player's clicks ---------------------------------------------------------------------------------
  function wire() {
    $('gw-fault-button').addEventListener('click', () => { if (faultAction) { faultAction(); } });
    $('gw-grid').addEventListener('click', (e) => {
      const target = e.target.closest('button.gw-suspect, .gw-portrait');
      if (!target) { return; }
      if (target.classList.contains('gw-portrait')) {  // a click on a face is a click on its button
        const b = target.parentElement.querySelector('button.gw-suspect');
        if (b.disabled) { return; }
      }
      send({action: 'click', suspect: Number(target.dataset.number)});
    });
    $('gw-ask').addEventListener('click', () => send({action: 'ask'}));
    $('gw-guess').addEventListener('click', () => send({action: 'guess'}));
    $('gw-clear').addEventListener('click', () => send({action: 'clear'}));
    $('gw-peek-button').addEventListener('click', () => send({action: 'peek'}));
    $('gw-hint').addEventListener('click', () => send({action: 'hint'}));
    $('gw-review').addEventListener('click', () => send({action: 'review'}));
    $('gw-next').addEventListener('click', () => send({action: 'next_game'}));
    $('gw-again').addEventListener('click', () => send({action: 'again'}));
    document.querySelectorAll('.gw-again-nav button').forEach((b) => {
      b.addEventListener('click', () => send({action: 'again_step', to: b.dataset.to}));
    });
    $('gw-again-form').addEventListener('submit', (e) => {
      e.preventDefault();
      send({action: 'again_choose', choice: $('gw-again-menu').value});   // none chosen: the box says so
    });
    $('gw-again-answer').addEventListener('click', () => send({action: 'again_answer'}));
    document.querySelectorAll('.gw-review-nav button').forEach((b) => {
      b.addEventListener('click', () => send({action: 'review_step', to: b.dataset.to}));
    });
    document.querySelectorAll('input[name="gw-group"]').forEach((r) => {
      r.addEventListener('change', () => send({action: 'group', group: Number(r.value)}));
    });
    $('gw-trait').addEventListener('change', (e) => {
      if (e.target.value) { send({action: 'trait', trait: e.target.value}); }
    });
    $('gw-question').addEventListener('change', (e) => send({action: 'question', trait: e.target.value}));
    $('gw-board').addEventListener('change', showSize);
    $('gw-class-form').addEventListener('submit', (e) => {
      e.preventDefault();
      send({action: 'join', code: $('gw-class-code').value, name: $('gw-class-name').value});
    });
    $('gw-class-send').addEventListener('click', () => send({action: 'send_again'}));
    $('gw-settings').addEventListener('submit', (e) => {
      e.preventDefault();
      const size = Number($('gw-size').value);
      send({action: 'new_game', rules: $('gw-rules').value, board: $('gw-board').value,
            size: Number.isInteger(size) ? size : 0, computer: $('gw-computer').value,
            you_first: $('gw-first').checked, best_of: Number($('gw-best-of').value)});
    });
    setInterval(ping, pingMs);
    document.addEventListener('visibilitychange', () => { if (!document.hidden) { ping(); } });
  }

  wire();
  start();
})();
