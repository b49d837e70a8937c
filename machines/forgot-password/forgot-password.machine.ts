import { assertEvent, assign, setup } from "xstate";
import type { FieldIssue } from "../../contract/errors.ts";
import type { Language } from "../../contract/languages.ts";
import * as account from "../../contract/calls/account.ts";
import {
  ForgotPasswordRequestSchema,
  type ForgotPasswordRequest,
  type ForgotPasswordResult,
} from "../../contract/schemas/account.ts";
import {
  actorOutput,
  callActors,
  childrenOf,
  FAILED_ROUTE,
  FIELD_ERRORS_ROUTE,
  flowTypes,
  formEditing,
  formPiece,
  heldRoute,
  holdActions,
  NO_HOLD,
  refusal,
  REFUSED,
  submitting,
  tooManyRequestsRoute,
  validate,
  type FailureCode,
  type RecaptchaEvent,
} from "../form.ts";
import {
  CHALLENGE_ON,
  CHALLENGE_ROUTE,
  CHALLENGE_STATES,
  challengeActions,
  challengeGuards,
  challengeIssues,
  challengeToken,
  NO_CHALLENGE,
  type PasswordChallengeContext,
} from "../login/index.ts";

export type ForgotPasswordMethod = "email" | "loginId";

export interface ForgotPasswordInput {
  /** The language of the emailed link. */
  lang: Language;
}

export interface ForgotPasswordValues {
  /** Whether the account is named by its login email or its login ID. */
  by: ForgotPasswordMethod;
  email: string;
  loginId: string;
}

/**
 * The form, and the challenge (machines/login/password-challenge.ts): once the server answers
 * `loginChallengeRequired` (the login or email is flooded from this network, docs/decisions/holds.md),
 * the widget is shown and each later request carries a solved token.
 */
export interface ForgotPasswordContext extends PasswordChallengeContext {
  lang: Language;
  values: ForgotPasswordValues;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** ISO time until which further requests are refused (state `editing.held`). */
  holdUntil: string | null;
  /** Where the link went, masked by the server (`p•••1@demo.test`). */
  maskedEmail: string | null;
}

export type ForgotPasswordEvent =
  | { type: "method.choose"; by: ForgotPasswordMethod }
  | { type: "form.change"; field: "email" | "loginId"; value: string }
  | { type: "form.submit" }
  | RecaptchaEvent;

function initialContext({
  input,
}: {
  input: ForgotPasswordInput;
}): ForgotPasswordContext {
  return {
    lang: input.lang,
    values: { by: "email", email: "", loginId: "" },
    ...NO_HOLD,
    maskedEmail: null,
    ...NO_CHALLENGE,
  };
}

/** Only the chosen field is sent; the other keeps what was typed in case the user switches back. */
function requestInput({
  context,
}: {
  context: ForgotPasswordContext;
}): ForgotPasswordRequest {
  const { by, email, loginId } = context.values;
  const token = challengeToken(context);
  return by === "email"
    ? { by, email, lang: context.lang, ...token }
    : { by, loginId, lang: context.lang, ...token };
}

function sentOutput({
  context,
}: {
  context: ForgotPasswordContext;
}): ForgotPasswordResult {
  if (context.maskedEmail === null)
    throw new Error("forgotPassword reached sent without an address");
  return { maskedEmail: context.maskedEmail };
}

const form = formPiece<ForgotPasswordContext, ForgotPasswordEvent>(
  (context) => [
    ...validate(ForgotPasswordRequestSchema, requestInput({ context })),
    ...challengeIssues(context),
  ],
);

const actors = callActors("forgotPassword", {
  requestReset: account.forgotPassword,
});

export const forgotPasswordMachine = setup({
  types: {
    ...flowTypes<
      ForgotPasswordContext,
      ForgotPasswordEvent,
      ForgotPasswordInput
    >(),
    output: {} as ForgotPasswordResult,
    children: childrenOf(actors),
  },
  actors,
  guards: { ...form.guards, ...challengeGuards },
  actions: {
    ...form.actions,
    ...challengeActions<ForgotPasswordContext, ForgotPasswordEvent>(),
    assignMethod: assign({
      values: ({ context, event }) => {
        assertEvent(event, "method.choose");
        return { ...context.values, by: event.by };
      },
      fieldErrors: [],
      errorCode: null,
    }),
    ...holdActions<ForgotPasswordContext, ForgotPasswordEvent>(),
    assignMaskedEmail: assign({
      maskedEmail: ({ event }) =>
        actorOutput<ForgotPasswordResult>(event, "requestReset").maskedEmail,
    }),
  },
}).createMachine({
  id: "forgotPassword",
  context: initialContext,
  output: sentOutput,
  initial: "editing",
  states: {
    editing: formEditing({
      on: {
        /** A refusal about one way of naming the account says nothing about the other. */
        "method.choose": { target: ".idle", actions: "assignMethod" },
        ...CHALLENGE_ON,
      },
      states: {
        emailNotFound: REFUSED,
        loginIdNotFound: REFUSED,
        /** The account exists but has no email to send the link to: ask the school administrator. */
        noEmail: REFUSED,
        held: REFUSED,
        /** Too many requests from this network or for this login or email (decisions/holds.md): try again after `holdUntil`. */
        tooManyRequests: REFUSED,
        /** The login or email is flooded from this network: the widget, then the request again with its token (never a wait). */
        ...CHALLENGE_STATES,
      },
    }),
    submitting: {
      ...submitting("requestReset", {
        input: requestInput,
        onDone: { target: "sent", actions: "assignMaskedEmail" },
        onError: [
          FIELD_ERRORS_ROUTE,
          refusal("editing.emailNotFound", "emailNotFound"),
          refusal("editing.loginIdNotFound", "loginIdNotFound"),
          refusal("editing.noEmail", "accountHasNoEmail"),
          heldRoute(),
          tooManyRequestsRoute(),
          CHALLENGE_ROUTE,
          FAILED_ROUTE,
        ],
      }),
      /** A token sent is spent, whatever the answer. */
      exit: "spendChallengeToken",
    },
    sent: { type: "final", tags: ["done"] },
  },
});
