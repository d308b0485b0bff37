import { adminTrpc } from "../trpc";

/**
 * Stock at a glance: every tracked sweet with the kg left to sell, the kg unpaid orders hold, and the kg sold in the
 * last 7 days, the ones that will run out first (at that pace) on top.
 */
export function StockGlance() {
  const stock = adminTrpc.admin.stockGlance.useQuery(undefined, { staleTime: 30_000 });
  if (!stock.data) return null;
  return (
    <section className="owner-stock" aria-labelledby="stock-heading">
      <h2 id="stock-heading">Stock at a glance</h2>
      {stock.data.items.length === 0 ? (
        <p className="muted">No sweet has its stock tracked. Set a stock in an item's form or in the list's quick edit.</p>
      ) : (
        <div className="table-scroll">
          <table className="owner-table" data-testid="stock-table">
            <caption className="visually-hidden">Tracked sweets, soonest to run out first</caption>
            <thead>
              <tr>
                <th scope="col">Sweet</th>
                <th scope="col">kg left</th>
                <th scope="col">Held by unpaid orders</th>
                <th scope="col">Sold in 7 days</th>
                <th scope="col">Runs out in</th>
              </tr>
            </thead>
            <tbody>
              {stock.data.items.map((item) => (
                <tr key={item.itemId} className={item.onHandKg === 0 || (item.daysLeft !== null && item.daysLeft < 2) ? "owner-low" : undefined}>
                  <th scope="row">{item.name}</th>
                  <td>{item.onHandKg} kg</td>
                  <td>{item.reservedKg} kg</td>
                  <td>{item.soldLast7DaysKg} kg</td>
                  <td>{item.onHandKg === 0 ? "Sold out" : item.daysLeft === null ? "No recent sales" : `about ${item.daysLeft} days`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
