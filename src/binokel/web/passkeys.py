"""Passkeys (WebAuthn, through duo-labs' ``webauthn`` package): an account adds one on its
page and logs in with it, without a name or a password.

The relying party's id is the host the page was loaded from, without the port, and the
expected origin is ``scheme://host[:port]`` of the request (behind the deploy's nginx the
scheme comes from ``X-Forwarded-Proto`` and the host from ``Host $http_host``). Browsers
take only a domain name as a relying party id, never an IP address: on one machine open
the game as ``http://localhost:8000``, not ``http://127.0.0.1:8000`` (Chromium refuses the
latter with a SecurityError; ``localhost`` counts as a secure context over plain http).

Passkeys are discoverable (the authenticator keeps the account's id as the user handle),
so the login asks for nothing. Each challenge is stored, used once and lives
:data:`CHALLENGE_LIFE`; one login challenge is handed out per request, within the server's
request rate, and at most :data:`MAX_CHALLENGES` wait at once (the oldest are dropped).
"""

from __future__ import annotations

import base64
import json
import secrets
from dataclasses import dataclass
from datetime import datetime
from datetime import timedelta
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy import ForeignKey
from sqlalchemy import Integer
from sqlalchemy import String
from sqlalchemy import Text
from sqlalchemy import delete
from sqlalchemy import func
from sqlalchemy import select
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import mapped_column
from starlette.requests import Request
from webauthn import generate_authentication_options
from webauthn import generate_registration_options
from webauthn import options_to_json
from webauthn import verify_authentication_response
from webauthn import verify_registration_response
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import AuthenticatorSelectionCriteria
from webauthn.helpers.structs import PublicKeyCredentialDescriptor
from webauthn.helpers.structs import ResidentKeyRequirement
from webauthn.helpers.structs import UserVerificationRequirement

from .guard import WebError
from .store import Base
from .store import Store
from .store import aware
from .store import now

CHALLENGE_LIFE = timedelta(minutes=5)
MAX_CHALLENGES = 10000      # challenges waiting at once, over every account and guest
MAX_PASSKEYS = 10           # passkeys of one account
MAX_CREDENTIAL = 8192       # characters of a credential's JSON (the body limit is larger)


class PasskeyRow(Base):
    __tablename__ = "passkeys"
    id: Mapped[str] = mapped_column(String(512), primary_key=True)   # base64url
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    public_key: Mapped[str] = mapped_column(Text)                    # base64url COSE key
    sign_count: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ChallengeRow(Base):
    __tablename__ = "webauthn_challenges"
    challenge: Mapped[str] = mapped_column(String(128), primary_key=True)
    account_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Party:
    """The relying party a request speaks to: its id (the host name) and origin."""

    id: str
    origin: str

    @classmethod
    def of(cls, request: Request) -> Party:
        url = request.url
        host = url.hostname or ""
        port = f":{url.port}" if url.port else ""
        return cls(host, f"{url.scheme}://{host}{port}")


def credential_json(value: Any) -> str:
    """The browser's credential (``PublicKeyCredential.toJSON()``) as JSON text, bounded."""
    if not isinstance(value, dict):
        raise WebError("bad_passkey", "credential: the browser's credential as JSON")
    text = json.dumps(value)
    if len(text) > MAX_CREDENTIAL:
        raise WebError("bad_passkey", "the credential is too large", 413)
    return text


class Passkeys:
    """The passkeys' database work and WebAuthn checks."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _challenge(self, account_id: str | None) -> bytes:
        challenge = secrets.token_bytes(32)
        at = now()
        with self.store.session.begin() as s:
            s.execute(delete(ChallengeRow).where(ChallengeRow.expires_at < at))
            waiting = s.scalar(select(func.count()).select_from(ChallengeRow)) or 0
            if waiting >= MAX_CHALLENGES:
                old = list(s.scalars(select(ChallengeRow.challenge)
                                     .order_by(ChallengeRow.expires_at).limit(100)))
                s.execute(delete(ChallengeRow).where(ChallengeRow.challenge.in_(old)))
            s.add(ChallengeRow(challenge=b64(challenge), account_id=account_id,
                               expires_at=at + CHALLENGE_LIFE))
        return challenge

    def _spend(self, challenge: str, account_id: str | None) -> bytes:
        """The challenge a credential answers, if this server handed it out (to
        ``account_id``) and it is unused and fresh; it is used up either way."""
        with self.store.session.begin() as s:
            row = s.get(ChallengeRow, challenge[:128])
            if row is not None:
                s.delete(row)
        if row is None or row.account_id != account_id or aware(row.expires_at) < now():
            raise WebError("bad_passkey", "this passkey request has expired; try again", 400,
                           reason="passkey_failed")
        return unb64(row.challenge)

    @staticmethod
    def _answered(credential: str) -> str:
        """The challenge inside a credential's client data (checked again by webauthn)."""
        try:
            data = json.loads(credential)["response"]["clientDataJSON"]
            return str(json.loads(unb64(data))["challenge"])
        except (KeyError, TypeError, ValueError):
            raise WebError("bad_passkey", "the credential is not one a browser makes",
                           reason="passkey_failed") from None

    def register_options(self, party: Party, account_id: str, name: str) -> str:
        with self.store.session() as s:
            mine = list(s.scalars(select(PasskeyRow.id)
                                  .where(PasskeyRow.account_id == account_id)))
        if len(mine) >= MAX_PASSKEYS:
            raise WebError("too_many_passkeys", f"an account has at most {MAX_PASSKEYS} "
                           "passkeys", 409)
        options = generate_registration_options(
            rp_id=party.id, rp_name="Binokel", user_name=name, user_id=account_id.encode(),
            challenge=self._challenge(account_id),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=unb64(c)) for c in mine],
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED))
        return options_to_json(options)

    def register(self, party: Party, account_id: str, credential: str) -> str:
        expected = self._spend(self._answered(credential), account_id)
        try:
            done = verify_registration_response(
                credential=credential, expected_challenge=expected, expected_rp_id=party.id,
                expected_origin=party.origin)
        except (WebAuthnException, ValueError, KeyError) as e:
            raise WebError("bad_passkey", f"the passkey was not accepted ({str(e)[:120]})",
                           reason="passkey_failed") from None
        key_id = b64(done.credential_id)
        with self.store.session.begin() as s:
            if s.get(PasskeyRow, key_id) is not None:
                raise WebError("bad_passkey", "this passkey is registered already", 409,
                               reason="passkey_failed")
            s.add(PasskeyRow(id=key_id, account_id=account_id,
                             public_key=b64(done.credential_public_key),
                             sign_count=done.sign_count))
        return key_id

    def login_options(self, party: Party) -> str:
        return options_to_json(generate_authentication_options(
            rp_id=party.id, challenge=self._challenge(None),
            user_verification=UserVerificationRequirement.PREFERRED))

    def login(self, party: Party, credential: str) -> str:
        """The account whose passkey answered the challenge."""
        expected = self._spend(self._answered(credential), None)
        try:
            key_id = str(json.loads(credential)["id"])[:512]
        except (KeyError, ValueError):
            key_id = ""
        with self.store.session() as s:
            key = s.get(PasskeyRow, key_id)
        if key is None:
            raise WebError("bad_passkey", "this passkey is not known here", 401,
                           reason="passkey_failed")
        try:
            done = verify_authentication_response(
                credential=credential, expected_challenge=expected, expected_rp_id=party.id,
                expected_origin=party.origin, credential_public_key=unb64(key.public_key),
                credential_current_sign_count=key.sign_count)
        except (WebAuthnException, ValueError, KeyError) as e:
            raise WebError("bad_passkey", f"the passkey was not accepted ({str(e)[:120]})",
                           401, reason="passkey_failed") from None
        with self.store.session.begin() as s:
            row = s.get(PasskeyRow, key_id)
            if row is not None:
                row.sign_count = done.new_sign_count
                row.used_at = now()
        return key.account_id

    def of(self, account_id: str) -> list[dict[str, Any]]:
        with self.store.session() as s:
            return [{"id": k.id, "created": k.created_at.isoformat(),
                     "used": k.used_at.isoformat() if k.used_at else None}
                    for k in s.scalars(select(PasskeyRow)
                                       .where(PasskeyRow.account_id == account_id)
                                       .order_by(PasskeyRow.created_at))]

    def forget(self, account_id: str) -> None:
        with self.store.session.begin() as s:
            s.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id))


__all__ = ["ChallengeRow", "Party", "PasskeyRow", "Passkeys", "credential_json"]
