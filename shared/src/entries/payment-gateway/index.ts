// `@haven/shared/payment-gateway`: the production payment gateway's checkout (a Module Federation
// singleton of its own). The booking's payment step and the room's paid extension import it lazily, and
// only in production, so no page's first paint carries it and no other stage loads the gateway's script.
export {
  GATEWAY_SCRIPT,
  gatewayOrderFor,
  loadGateway,
  payWithGateway,
  type GatewayOrder,
  type GatewayResult,
  type GatewayTransaction,
} from './gateway-sdk';
