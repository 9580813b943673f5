/**
 * A control answer that is not JSON (the dashboard's page, the reference's scripts): a control
 * route returns one, and it is sent as is with its content type.
 */
export class ControlContent {
  constructor(
    readonly contentType: string,
    readonly text: string,
  ) {}
}
