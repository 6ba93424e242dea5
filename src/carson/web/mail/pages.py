"""The pages of mail: one's address on the account page (change it, mail its link again,
remove it), the mailed links' pages (confirm an address, choose a new password) and the
forgotten-password page, which answers alike whatever it is asked."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.server.accounts import auth
from carson.server.accounts.passwords import HashingBusy
from carson.server.kernel import cookies
from carson.server.kernel.ratelimit import RateLimited, client_address
from carson.server.mail.account_mail import NoPublicAddress, base_url_for
from carson.server.mail.accounts import MAX_LOGIN, MailAccounts
from carson.server.mail.addresses import AddressError
from carson.server.play.api import service_of
from carson.web.accounts.account import account_page
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import Visit, checked_form, forbidden, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)


def mail_of(request: Request) -> MailAccounts:
    service = service_of(request)
    return MailAccounts(service.accounts, service.jobs)


def address_problem(visit: Visit, code: str) -> str:
    """What a refused address or link means, in the visitor's language."""
    messages = {
        "bad_address": visit.gettext("That is not a valid e-mail address."),
        "wrong_password": visit.gettext("The current password is wrong."),
        "address_taken": visit.gettext("Another account has confirmed this address already."),
        "no_address": visit.gettext("Your account has no e-mail address."),
        "verified": visit.gettext("Your address is confirmed already."),
        "bad_link": visit.gettext(
            "This link does not work any more: it was used, it expired or a newer one was sent."
        ),
    }
    return messages.get(code, messages["bad_link"])


def no_links(visit: Visit) -> str:
    """Why no mail with a link goes out (a server without its public address)."""
    return visit.gettext(
        "This server sends no e-mail with links yet: its operator has not set its address."
    )


@router.post("/account/email")
async def change_address(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    mail = mail_of(request)
    email, password = form.get("email", ""), form.get("password", "")
    try:
        changed = await run_in_threadpool(
            mail.change_address, user, email, password, base_url_for(request)
        )
    except NoPublicAddress:
        return await account_page(visit, no_links(visit), 503)
    except (RateLimited, HashingBusy) as error:
        return refused_page(visit, error)
    except (AddressError, auth.AuthError) as error:
        return await account_page(visit, address_problem(visit, error.code), 422)
    return RedirectResponse(f"/account?done={'email' if changed else 'same'}", status_code=303)


@router.post("/account/email/resend")
async def resend(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    try:
        await run_in_threadpool(mail_of(request).send_verification, user, base_url_for(request))
    except NoPublicAddress:
        return await account_page(visit, no_links(visit), 503)
    except RateLimited as error:
        return refused_page(visit, error)
    except AddressError as error:
        return await account_page(visit, address_problem(visit, error.code), 409)
    return RedirectResponse("/account?done=email", status_code=303)


@router.post("/account/email/remove")
async def remove(request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    await run_in_threadpool(mail_of(request).remove_address, checked[1])
    return RedirectResponse("/account?done=removed", status_code=303)


@router.get("/email/verify", response_class=HTMLResponse)
async def verify_page(request: Request) -> Response:
    """The confirmation button (a mail program's preview must not use the link up)."""
    visit = await visit_of(request)
    token = request.query_params.get("token", "")
    return visit.render("mail/mail_verify.html", token=token)


@router.post("/email/verify")
async def verify(request: Request) -> Response:
    visit = await visit_of(request)
    form = await checked_form(request, visit)
    if form is None:
        return forbidden(visit)
    try:
        await run_in_threadpool(mail_of(request).verify, form.get("token", ""))
    except AddressError as error:
        return visit.render("kernel/message.html", 422, message=address_problem(visit, error.code))
    done = visit.gettext("Your e-mail address is confirmed.")
    return visit.render("mail/mail_done.html", message=done)


@router.get("/password/forgot", response_class=HTMLResponse)
async def forgot_page(request: Request) -> Response:
    return (await visit_of(request)).render("mail/mail_forgot.html", max_login=MAX_LOGIN)


@router.post("/password/forgot")
async def forgot(request: Request) -> Response:
    visit = await visit_of(request)
    form = await checked_form(request, visit)
    if form is None:
        return forbidden(visit)
    login = form.get("login", "")[:MAX_LOGIN]
    try:
        await run_in_threadpool(
            mail_of(request).forgot, client_address(request), login, base_url_for(request)
        )
    except NoPublicAddress:
        return visit.render("kernel/message.html", 503, message=no_links(visit))
    except RateLimited as error:
        return refused_page(visit, error)
    on_its_way = visit.gettext("If an account has this name or address, a link is on its way.")
    sent = f"{on_its_way} {visit.gettext('The link works for one hour.')}"
    return visit.render("mail/mail_done.html", message=sent)


@router.get("/password/reset", response_class=HTMLResponse)
async def reset_page(request: Request) -> Response:
    visit = await visit_of(request)
    token = request.query_params.get("token", "")
    if not await run_in_threadpool(mail_of(request).reset_link_works, token):
        return _dead_reset_link(visit)
    return visit.render("mail/mail_reset.html", token=token, min_password=auth.MIN_PASSWORD)


def _dead_reset_link(visit: Visit) -> Response:
    """A used, expired or replaced password link: no form that cannot work, but the way to a
    new link (410: that link is gone for good)."""
    said = visit.gettext(
        "This password link has been used or has expired. Ask for a new one: it works for one hour."
    )
    return visit.render("mail/mail_dead_link.html", 410, message=said)


@router.post("/password/reset")
async def reset(request: Request) -> Response:
    visit = await visit_of(request)
    form = await checked_form(request, visit)
    if form is None:
        return forbidden(visit)
    token, new = form.get("token", ""), form.get("new_password", "")
    problem = _password_problem(visit, new, form.get("repeat_password", ""))
    if problem is not None:
        return visit.render(
            "mail/mail_reset.html", 422, token=token, min_password=auth.MIN_PASSWORD, error=problem
        )
    try:
        await run_in_threadpool(mail_of(request).reset, token, new)
    except HashingBusy as error:
        return refused_page(visit, error)
    except AddressError:  # the link died since its page was shown
        return _dead_reset_link(visit)
    except auth.AuthError:
        too_long = visit.gettext("This password is too long.")
        return visit.render(
            "mail/mail_reset.html", 422, token=token, min_password=auth.MIN_PASSWORD, error=too_long
        )
    done = visit.gettext("Your password has changed and every session has ended. Log in with it.")
    response = visit.render("mail/mail_done.html", message=done, login=True)
    cookies.clear_session(response, request)
    return response


def _password_problem(visit: Visit, new: str, repeated: str) -> str | None:
    if new != repeated:
        return visit.gettext("The two new passwords differ.")
    if len(new) < auth.MIN_PASSWORD:
        too_short = visit.gettext("A password has at least %(count)s characters.")
        return too_short % {"count": auth.MIN_PASSWORD}
    return None
