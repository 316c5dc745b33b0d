// Built-in sample data for `appleauth demo`: public test material only (no secrets).

/// A real Apple identity token (from nov/apple_id's test fixtures, 2019) and Apple's public key for its kid
/// AIDOPK1, as published in Apple's JWKS at the time.
enum AppleSample {
    static let kid = "AIDOPK1"
    /// The token's audience (the client ID it was issued for) and issue time.
    static let clientID = "jp.yauth.signin.service2"
    static let issuedAt: Double = 1_559_709_290
    static let modulusBase64URL = ""
        + "lxrwmuYSAsTfn-lUu4goZSXBD9ackM9OJuwUVQHmbZo6GW4Fu_auUdN5zI7Y1dEDfgt7m7QXWbHuMD01HLnD4eRtY-RNwCWdjNfE"
        + "aY_esUPY3OVMrNDI15Ns13xspWS3q-13kdGv9jHI28P87RvMpjz_JCpQ5IM44oSyRnYtVJO-320SB8E2Bw92pmrenbp67KRUzTEV"
        + "fGU4-obP5RZ09OxvCr1io4KJvEOjDJuuoClF66AT72WymtoMdwzUmhINjR0XSqK6H0MdWsjw7ysyd_JhmqX5CAaT9Pgi0J8lU_pc"
        + "l215oANqjy7Ob-VMhug9eGyxAWVfu_1u6QJKePlE-w"
    static let exponentBase64URL = "AQAB"
    static let identityToken = ""
        + "eyJraWQiOiJBSURPUEsxIiwiYWxnIjoiUlMyNTYifQ.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoia"
        + "nAueWF1dGguc2lnbmluLnNlcnZpY2UyIiwiZXhwIjoxNTU5NzA5ODkwLCJpYXQiOjE1NTk3MDkyOTAsInN1YiI6IjAwMDcyMy4yN"
        + "WRhOGJlMzMyOTY0OTkxODk4NjMwOTQ3MjAyZmVmMC4wNDAyIiwiYXRfaGFzaCI6InpqUmlUN2QzVHFRNVM3cEZkbzZxWGcifQ.jD"
        + "V-AVFM-Yx_lxc-hsJNF2mgD2PoRlQ8SJjharKom87pIKR1frQfaY_apO-AxyDrhvB3qOdfhZql08EHBHNWATlX3l6sAKL-bUPH6b"
        + "zHxIZTWHZ9IOimPyvTOJNFyJWLsm6lGcqemKB1UQG2MQ06lI9qc6C6T8_obv2HPJ-Sm8OBE9z-CDyKGcFZ-R8b2Ut6TibmRyQ-km"
        + "B7na6ay9kGXm56I_TeA2QCMJGKH_X8C2M7kBPsO_WrYuogA3tnWLT8wi0TPD5zKnnBH0bXLgjeyE2lYRgboQttX6WqTdR0dN-mLi"
        + "8ShTPEGUCkC7_jFJH9XpC7LfCeKl9tD3qzC_Dx1Q"
}

/// A real server-to-server notification (consent-revoked, 2022, from nov/apple_id's tests) and Apple's key
/// fh6Bs8C that signed it.
enum NotificationSample {
    static let clientID = "jp.yauth.signin.app"
    static let issuedAt: Double = 1657617092
    static let jwks = #"{"keys":[{"kty":"RSA","kid":"fh6Bs8C","use":"sig","alg":"RS256","n":"u704gotMSZc6CSSVNCZ1d0S9dZKwO2BVzfdTKYz8wSNm7R_KIufOQf3ru7Pph1FjW6gQ8zgvhnv4IebkGWsZJlodduTC7c0sRb5PZpEyM6PtO8FPHowaracJJsK1f6_rSLstLdWbSDXeSq7vBvDu3Q31RaoV_0YlEzQwPsbCvD45oVy5Vo5oBePUm4cqi6T3cZ-10gr9QJCVwvx7KiQsttp0kUkHM94PlxbG_HAWlEZjvAlxfEDc-_xZQwC6fVjfazs3j1b2DZWsGmBRdx1snO75nM7hpyRRQB4jVejW9TuZDtPtsNadXTr9I5NjxPdIYMORj9XKEh44Z73yfv0gtw","e":"AQAB"}]}"#
    static let body = #"{"payload":""#
        + "eyJraWQiOiJmaDZCczhDIiwiYWxnIjoiUlMyNTYifQ.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoia"
        + "nAueWF1dGguc2lnbmluLmFwcCIsImV4cCI6MTY1NzcwMzQ5MiwiaWF0IjoxNjU3NjE3MDkyLCJqdGkiOiJTMjVjQjBQYkhzNnk5N"
        + "2dZWW1neWRRIiwiZXZlbnRzIjoie1widHlwZVwiOlwiY29uc2VudC1yZXZva2VkXCIsXCJzdWJcIjpcIjAwMDc2OC42MTY2ZjAzM"
        + "TE2NzE0MWU2OTU2OTgyMzk5NTlmNTkxYS4xNTIxXCIsXCJldmVudF90aW1lXCI6MTY1NzYxNzA2MzAxMn0ifQ.mISnuaalVknFGR"
        + "HBwPIkN26n78uBW2uicijX2R_5myHrepPrNGhj1V0VRBFHPts_MZ5ofrqJ1y5ZxNHcuahv5bp7ytrAOslnBCaTaxQXZu2DWgiOw0"
        + "I1XmBJ9zdZZbsWr8Godwv4PX933SdJuaevpcQDLkDxd33vFfNm9Xk_cotKQ12PjqmP535d94cppyVKE-APyYTpTxC7A4f2Lrf4Ok"
        + "ka4A-62CgjYqFA4txhNyAvP7Ir-6AlHdnn9ASWwKGysZW987h6PhZNQJcOYSDgKXS7m5rw2noksjhWw6qt7ggP3Lm-b3PqY1Am0v"
        + "Ikx_biCUvnHBjWXwCkXFQDNbPRsg"
        + #""}"#
}
