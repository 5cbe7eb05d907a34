/**
 * `/js/telegram-login.js`: Telegram's login widget script protocol, served from the API origin
 * (the incumbent's React SDK loads it there, WIRE.md §3.6), with Telegram's login origin from the
 * server's settings rather than a constant.
 *
 * - `Telegram.Login.auth({bot_id, request_access, lang}, callback)` opens Telegram's `/auth` page in
 *   a popup; the page posts `{event: 'auth_result', result}` (a JSON string, as Telegram sends it,
 *   or an object) to its opener, and `callback(result)` gets it; a popup closed without one calls
 *   `callback(false)`.
 * - A `<script data-telegram-login="bot_name" data-bot-id="…">` tag renders a "Log in with
 *   Telegram" button in its place that runs the same popup and calls `data-onauth` (a global
 *   function's name) or sends the browser to `data-auth-url` with the result in the query.
 */
export function telegramLoginScript(oauthOrigin: string): string {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(oauthOrigin)};
  var Telegram = (window.Telegram = window.Telegram || {});
  if (Telegram.Login && Telegram.Login.__latchkey) return;
  function authUrl(options) {
    var query = 'bot_id=' + encodeURIComponent(options.bot_id) +
      '&origin=' + encodeURIComponent(location.origin) +
      (options.request_access ? '&request_access=' + encodeURIComponent(options.request_access) : '') +
      (options.lang ? '&lang=' + encodeURIComponent(options.lang) : '');
    return ORIGIN + '/auth?' + query + '&embed=1';
  }
  function auth(options, callback) {
    if (!options || !options.bot_id) throw new Error('Telegram.Login.auth: bot_id is required');
    var width = 550, height = 470;
    var left = Math.max(0, (screen.width - width) / 2), top = Math.max(0, (screen.height - height) / 2);
    var popup = window.open(authUrl(options), 'telegram_oauth_bot' + options.bot_id,
      'width=' + width + ',height=' + height + ',left=' + left + ',top=' + top + ',status=0,location=0,menubar=0,toolbar=0');
    var done = false;
    function finish(result) {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      callback(result);
    }
    function onMessage(event) {
      if (event.origin !== ORIGIN || (popup && event.source !== popup)) return;
      var data = event.data;
      if (typeof data === 'string') {
        try { data = JSON.parse(data); } catch (e) { return; }
      }
      if (!data || data.event !== 'auth_result') return;
      if (popup) popup.close();
      finish(data.result || false);
    }
    window.addEventListener('message', onMessage);
    var timer = setInterval(function () {
      if (!popup || popup.closed) setTimeout(function () { finish(false); }, 300);
    }, 200);
    return popup;
  }
  function query(result) {
    var parts = [];
    for (var key in result) if (Object.prototype.hasOwnProperty.call(result, key))
      parts.push(encodeURIComponent(key) + '=' + encodeURIComponent(result[key]));
    return parts.join('&');
  }
  function button(script) {
    var botId = script.getAttribute('data-bot-id');
    if (!botId) return;
    var element = document.createElement('button');
    element.type = 'button';
    element.textContent = 'Log in with Telegram';
    element.setAttribute('data-telegram-login-button', script.getAttribute('data-telegram-login') || '');
    element.addEventListener('click', function () {
      auth({ bot_id: botId, request_access: script.getAttribute('data-request-access') || undefined,
        lang: script.getAttribute('data-lang') || undefined }, function (result) {
        if (!result) return;
        var onauth = script.getAttribute('data-onauth');
        var url = script.getAttribute('data-auth-url');
        if (onauth && typeof window[onauth] === 'function') window[onauth](result);
        else if (url) location.href = url + (url.indexOf('?') >= 0 ? '&' : '?') + query(result);
      });
    });
    script.parentNode && script.parentNode.insertBefore(element, script);
  }
  Telegram.Login = { __latchkey: true, auth: auth, widgetsOrigin: ORIGIN };
  var current = document.currentScript;
  if (current && current.getAttribute('data-telegram-login')) button(current);
})();
`;
}
