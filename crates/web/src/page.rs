//! The page (one HTML file, its CSS and JavaScript, its icon) and the OpenAPI document,
//! embedded in the binary: installing needs no Node and no network.

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

const INDEX: &str = include_str!("../assets/index.html");
const CSS: &str = include_str!("../assets/app.css");
const JS: &str = include_str!("../assets/app.js");
const OPENAPI: &str = include_str!("../assets/openapi.json");
/// The icon, drawn as SVG; `favicon.ico` is made from it by `scripts/favicon.sh`.
const ICON_SVG: &str = include_str!("../assets/favicon.svg");
const ICON_ICO: &[u8] = include_bytes!("../assets/favicon.ico");

/// `/`, `/app.css`, `/app.js`, `/favicon.svg`, `/favicon.ico`.
pub(crate) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(index))
        .route("/app.css", get(css))
        .route("/app.js", get(js))
        .route("/favicon.svg", get(icon_svg))
        .route("/favicon.ico", get(icon_ico))
}

/// No other site may frame the page or run scripts in it.
pub(crate) const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'";

async fn index() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX,
    )
}

async fn css() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], CSS)
}

async fn js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        JS,
    )
}

/// The icons change with a release: a day's caching saves a request per page load.
const ICON_CACHE: &str = "public, max-age=86400";

async fn icon_svg() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, ICON_CACHE),
        ],
        ICON_SVG,
    )
}

async fn icon_ico() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "image/x-icon"),
            (header::CACHE_CONTROL, ICON_CACHE),
        ],
        ICON_ICO,
    )
}

/// `GET /api/openapi.json`.
pub(crate) async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI)
}
