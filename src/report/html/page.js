// The students' table: a header sorts by its column (again: the other way round); a row
// opens the student's results, as the student will see them. No network, no library.
(function () {
  const table = document.querySelector('table.students');
  if (!table) return;
  const toggle = (row) => {
    const sheet = row.nextElementSibling;
    const open = sheet.hidden;
    sheet.hidden = !open;
    row.setAttribute('aria-expanded', String(open));
  };
  table.addEventListener('click', (event) => {
    const row = event.target.closest('tr.row');
    if (row) toggle(row);
  });
  table.addEventListener('keydown', (event) => {
    const row = event.target.closest('tr.row');
    if (row && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      toggle(row);
    }
  });
  const headers = Array.from(table.tHead.rows[0].cells);
  headers.forEach((th, column) => {
    const button = th.querySelector('button');
    if (!button) return;
    button.addEventListener('click', () => {
      const ascending = th.getAttribute('aria-sort') !== 'ascending';
      headers.forEach((other) => other.removeAttribute('aria-sort'));
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      const key = (body) => {
        const cell = body.rows[0].cells[column];
        if (th.dataset.sort === 'number') return Number(cell.dataset.value);
        return (cell.getAttribute('title') || cell.textContent).trim().toLowerCase();
      };
      const bodies = Array.from(table.tBodies);
      bodies.sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const order = x < y ? -1 : x > y ? 1 : 0;
        return ascending ? order : -order;
      });
      bodies.forEach((body) => table.appendChild(body));
    });
  });
})();
