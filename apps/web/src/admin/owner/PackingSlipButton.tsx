import { toast } from "react-toastify";
import { openAdminPdf } from "../pages/admin-request";
import { getAdminSession } from "../session";

/** Opens a paid order's packing slip (A5 PDF with the order number's QR code) in a new tab. */
export function PackingSlipButton({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  return (
    <button
      type="button"
      className="btn-small ghost"
      aria-label={`Packing slip for ${orderNumber}`}
      onClick={() =>
        void openAdminPdf(`/api/admin/orders/${orderId}/packing-slip`, getAdminSession()?.token).then((problem) => {
          if (problem) toast.error(problem);
        })
      }
    >
      Packing slip
    </button>
  );
}
