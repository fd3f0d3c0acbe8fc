// A seat's page (and the table view), kept up to date over a websocket. No build step.
// Each new line goes to the list of what was said and to a live region, which the screen
// reader reads at once: the seat's turn and questions in the assertive one. Texts are set
// with textContent only (never as HTML). Without this script the page still reads, and its
// forms still send commands (a reload shows what is new).
"use strict";
(function () {
  const body = document.body;
  const data = body.dataset;
  const said = document.getElementById("said");
  const status = document.getElementById("status");
  const polite = document.getElementById("live-polite");
  const urgent = document.getElementById("live-urgent");
  const speak = document.getElementById("speak");
  const tableLines = data.table ? parseInt(data.table, 10) : 0;
  let last = parseInt(data.last || "0", 10);
  let socket = null;
  let taken = false;
  let delay = 1000;

  if (speak && "speechSynthesis" in window) {
    document.getElementById("speak-row").hidden = false;
  }

  function announce(region, text) {
    if (!region) return;
    const item = document.createElement("p");
    item.textContent = text;
    region.appendChild(item);
    while (region.childNodes.length > 6) region.removeChild(region.firstChild);
  }

  function spoken(text, now) {
    if (!speak || !speak.checked || !("speechSynthesis" in window)) return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang;
    if (now) window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  }

  function addLine(line) {
    if (line.n <= last) return;
    last = line.n;
    const empty = said.querySelector(".empty");
    if (empty) empty.remove();
    const item = document.createElement("li");
    item.dataset.n = String(line.n);
    if (line.private) {
      item.className = "private";
      const mark = document.createElement("span");
      mark.className = "mine";
      mark.textContent = data.tMark || "";
      item.appendChild(mark);
    }
    item.appendChild(document.createTextNode(line.text));
    said.appendChild(item);
    const keep = tableLines || 5000;
    while (said.children.length > keep) said.removeChild(said.firstElementChild);
    if (!tableLines || !line.private) {
      announce(line.urgent ? urgent : polite, line.text);
      spoken(line.text, line.urgent);
    }
  }

  function section(name, text) {
    const part = document.createElement("section");
    part.setAttribute("aria-labelledby", "h-" + name);
    const heading = document.createElement("h2");
    heading.id = "h-" + name;
    heading.textContent = data["t" + name.charAt(0).toUpperCase() + name.slice(1)] || name;
    const para = document.createElement("p");
    para.id = "v-" + name;
    para.textContent = text;
    part.appendChild(heading);
    part.appendChild(para);
    return part;
  }

  function showView(message) {
    const view = document.getElementById("view");
    const focused = document.activeElement;
    const hadFocus = focused && focused !== body && (view.contains(focused) ||
      (document.getElementById("answers") || view).contains(focused));
    view.replaceChildren(...message.sections.map((s) => section(s[0], s[1])));
    const asked = document.getElementById("asked");
    if (asked) {
      const answers = document.getElementById("answers");
      document.getElementById("asked-text").textContent = message.asked || "";
      answers.replaceChildren(...message.answers.map((a) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "submit";
        button.name = "line";
        button.value = a[1];
        button.textContent = a[0];
        item.appendChild(button);
        return item;
      }));
      asked.hidden = message.answers.length === 0 && !message.asked;
      if (!asked.hidden && hadFocus) {
        const first = answers.querySelector("button");
        if (first) first.focus();
      }
    }
    if (hadFocus && !document.body.contains(focused)) {
      const line = document.getElementById("line");
      if (line) line.focus();
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + location.pathname + "/ws?since=" + last);
    socket.onopen = function () {
      delay = 1000;
      status.textContent = "";
    };
    socket.onmessage = function (event) {
      const message = JSON.parse(event.data);
      if (message.type === "lines") message.lines.forEach(addLine);
      else if (message.type === "view") showView(message);
      else if (message.type === "notice") { status.textContent = message.text; announce(polite, message.text); }
      else if (message.type === "taken") { taken = true; status.textContent = data.tTaken || ""; }
    };
    socket.onclose = function () {
      socket = null;
      if (taken) return;
      status.textContent = data.tReconnecting || "";
      window.setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }

  document.addEventListener("submit", function (event) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;  // the form itself sends it
    event.preventDefault();
    const button = event.submitter;
    const field = document.getElementById("line");
    let line = "";
    if (button && button.name === "line") line = button.value;
    else if (field) { line = field.value; field.value = ""; }
    if (/^\s*(chut|stop|silence)\s*$/i.test(line) && "speechSynthesis" in window) {
      window.speechSynthesis.cancel();  // the phone's own voice stops at once
    }
    if (line.trim()) socket.send(JSON.stringify({ line: line }));
    if (field && (!button || button.name !== "line")) field.focus();
  });

  connect();
})();
