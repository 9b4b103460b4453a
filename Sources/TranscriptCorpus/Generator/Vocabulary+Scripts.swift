// The word lists below are written for this project: common words of each language,
// roughly in order of frequency. Planted keywords use characters that no listed word
// contains, so they occur exactly where the generator puts them; the tests check this.

extension Vocabulary {
  /// The vocabulary of a single script; ``Script/mixed`` draws on all of them.
  static func of(_ script: Script) -> Vocabulary {
    switch script {
    case .english: english
    case .latin: latin
    case .cyrillic: cyrillic
    case .greek: greek
    case .chinese: chinese
    case .japanese: japanese
    case .korean: korean
    case .arabic: arabic
    case .devanagari: devanagari
    case .thai: thai
    case .emoji: emoji
    case .mixed: mixed
    }
  }

  private static func keywords(
    frequent: (String, [String]), rare: (String, [String]), absent: String
  ) -> [PlantedKeyword] {
    [
      PlantedKeyword(keyword: frequent.0, frequencyClass: .frequent, forms: frequent.1),
      PlantedKeyword(keyword: rare.0, frequencyClass: .rare, forms: rare.1),
      PlantedKeyword(keyword: absent, frequencyClass: .absent, forms: []),
    ]
  }

  static let english = Vocabulary(
    words: words(
      """
      the and to of a I it that you in is we was so this have but what for on be they \
      not with do know think just like there are all can about one would if at people \
      get going really because said from when right time now yeah then more well need \
      very see some how make out our been also good other were had which them could \
      their first work want year much back way look day new something where last many \
      only two thing still even into great here over before feel things talk lot \
      question answer meeting project team problem number point world today start \
      around sure maybe help long every place school family business story money \
      little music between morning evening company market report plan later early
      """),
    terminators: [".", ".", ".", "?", "!"],
    isCased: true,
    speakers: ["Alice", "Bob", "Carol", "Dave", "Erin"],
    planted: keywords(
      frequent: ("zephyr", ["zephyr", "Zephyr", "ZEPHYR"]),
      rare: ("quixotic", ["quixotic", "Quixotic"]),
      absent: "jukebox"))

  static let latin = Vocabulary(
    words: words(
      """
      le la et de un une les des und die der das ist nicht mit và của là được không \
      những été être très déjà où français château élève garçon noël cœur sœur über \
      schön Mädchen größer Fußball weiß heißen grün Bücher Maß Fuß GROẞ tiếng Việt \
      người trường nước học đường thành phố cũng à côté fenêtre hôpital forêt \
      Äpfel Öl Übung müssen können ça reçu façon Hà Nội Sài Gòn điện \
      thoại nhiều ngày chúng tôi bạn mình café crème brûlée résumé déçu Würde Zürich
      """),
    terminators: [".", ".", "?", "!"],
    isCased: true,
    decomposedRowFraction: 0.1,
    speakers: ["Amélie", "Jürgen", "Nguyễn", "Françoise", "Søren"],
    planted: keywords(
      frequent: ("straße", ["straße", "Straße", "STRASSE", "STRAẞE", "strasse"]),
      rare: ("naïveté", ["naïveté", "NAÏVETÉ"]),
      absent: "øresund"))

  static let cyrillic = Vocabulary(
    words: words(
      """
      и в не на я быть он с что а по это она этот к но они мы как из у который то за \
      свой весь год от так о для ты же все тот мочь вы человек такой его сказать \
      только или ещё бы себя один когда уже время дом город работа говорить знать \
      стать вопрос жизнь день рука дело глаз сейчас сегодня завтра проект встреча \
      команда деньги школа семья музыка утро вечер новый хороший большой маленький
      """),
    terminators: [".", ".", "?", "!"],
    isCased: true,
    speakers: ["Анна", "Борис", "Вера", "Дмитрий", "Ольга"],
    planted: keywords(
      frequent: ("звезда", ["звезда", "Звезда", "ЗВЕЗДА"]),
      rare: ("щупальце", ["щупальце", "ЩУПАЛЬЦЕ"]),
      absent: "электрификация"))

  static let greek = Vocabulary(
    words: words(
      """
      και το να είναι της του η ο με για στο που δεν τα θα από την ένα στη λόγος \
      καλός άνθρωπος χρόνος ζωή μέρα πόλη σπίτι δουλειά ήλιος νερό φίλος παιδί ώρα \
      κόσμος δρόμος τρόπος ιστορία γλώσσα μουσική αγάπη ελπίδα ευχαριστώ σήμερα \
      αύριο πολύ ερώτηση απάντηση ομάδα σχολείο οικογένεια πρωί βράδυ νέος μικρός
      """),
    terminators: [".", ".", "!"],
    isCased: true,
    speakers: ["Ελένη", "Νίκος", "Μαρία", "Γιώργος", "Σοφία"],
    planted: keywords(
      frequent: ("θάλασσα", ["θάλασσα", "Θάλασσα", "ΘΆΛΑΣΣΑ"]),
      rare: ("ουρανός", ["ουρανός", "ΟΥΡΑΝΌΣ", "Ουρανός"]),
      absent: "ψυχαγωγία"))

  static let chinese = Vocabulary(
    words: words(
      """
      的 了 是 在 和 有 也 都 就 很 说 看 想 去 来 做 我们 你们 他们 今天 明天 时间 \
      工作 问题 现在 知道 因为 所以 但是 如果 已经 可以 没有 什么 这个 那个 中国 \
      朋友 学习 喜欢 电话 电脑 公司 会议 项目 客户 市场 发展 经济 社会 文化 历史 \
      音乐 电影 天气 城市 北京 上海 非常 重要 开始 结束 讨论 计划 报告 数据 分析 \
      技术 研究 大家 一起 觉得 希望 需要 孩子 老师 学生 医生 东西 地方 世界
      """),
    separator: "",
    pauses: ["，", "、"],
    pauseRate: 0.12,
    terminators: ["。", "。", "？", "！"],
    speakers: ["王伟", "李娜", "张敏", "刘洋", "陈静"],
    planted: keywords(
      frequent: ("量子", ["量子"]),
      rare: ("麒麟", ["麒麟"]),
      absent: "饕餮"))

  static let japanese = Vocabulary(
    words: words(
      """
      は が を に で と も の です ます ました 今日 明日 会議 時間 仕事 問題 東京 \
      日本 電話 会社 学校 先生 学生 友達 家族 天気 映画 音楽 本 水 山 川 ください \
      ありがとう すみません こんにちは さようなら おはよう 食べる 飲む 行く 来る \
      見る 話す 聞く 書く 読む 思う 考える 大きい 小さい 新しい 古い 高い 安い \
      コーヒー テレビ パソコン メール ニュース ゲーム スポーツ ホテル データ
      """),
    separator: "",
    pauses: ["、"],
    pauseRate: 0.12,
    terminators: ["。", "。", "？"],
    speakers: ["佐藤", "鈴木", "高橋", "田中", "伊藤"],
    planted: keywords(
      frequent: ("ラーメン", ["ラーメン"]),
      rare: ("ひまわり", ["ひまわり"]),
      absent: "ぬいぐるみ"))

  static let korean = Vocabulary(
    words: words(
      """
      안녕하세요 감사합니다 오늘 내일 시간 회의 사람 친구 학교 회사 집 물 음악 \
      영화 날씨 서울 한국 정말 아주 많이 조금 그리고 하지만 그래서 우리 저 나 너 \
      이것 그것 저것 있다 없다 하다 가다 오다 보다 먹다 마시다 좋아요 싫어요 문제 \
      일 공부 생각 이야기 질문 대답 사랑 가족 아침 저녁 새로운 작은 큰
      """),
    terminators: [".", ".", "?"],
    speakers: ["민준", "서연", "지호", "하은", "도윤"],
    planted: keywords(
      frequent: ("김치", ["김치"]),
      rare: ("도깨비", ["도깨비"]),
      absent: "뻐꾸기"))

  static let arabic = Vocabulary(
    words: words(
      """
      في من على إلى أن هذا هذه كان مع عن ما لا هو هي نحن أنا أنت كل بعد يوم وقت \
      عمل بيت مدينة كتاب مدرسة شمس ماء سلام شكرا مرحبا جميل كبير صغير جديد العالم \
      الناس الحياة اليوم غدا أمس اجتماع مشروع سؤال جواب حديث صباح مساء عائلة
      """),
    terminators: [".", ".", "؟"],
    speakers: ["أحمد", "فاطمة", "محمد", "ليلى", "يوسف"],
    planted: keywords(
      frequent: ("قمر", ["قمر"]),
      rare: ("زعفران", ["زعفران"]),
      absent: "ببغاء"))

  static let devanagari = Vocabulary(
    words: words(
      """
      है और में की के को से यह वह था थे हम आप मैं तुम क्या नहीं भी एक लिए पर कर रहा \
      रही दिन समय काम घर शहर पानी किताब दोस्त परिवार भारत दिल्ली आज कल बहुत अच्छा \
      बड़ा छोटा नया पुराना बात सवाल जवाब संगीत मौसम धन्यवाद सुबह शाम स्कूल
      """),
    terminators: ["।", "।", "?"],
    speakers: ["राहुल", "प्रिया", "अमित", "सुनीता", "विकास"],
    planted: keywords(
      frequent: ("नमस्ते", ["नमस्ते"]),
      rare: ("मयूर", ["मयूर"]),
      absent: "छिपकली"))

  static let thai = Vocabulary(
    words: words(
      """
      สวัสดี ขอบคุณ วันนี้ พรุ่งนี้ เวลา ประชุม คน เพื่อน โรงเรียน บริษัท บ้าน น้ำ \
      เพลง หนัง อากาศ กรุงเทพ ประเทศไทย มาก น้อย และ แต่ ดังนั้น เรา ผม ฉัน คุณ นี่ \
      นั่น มี ไม่มี ทำ ไป มา ดู กิน ดื่ม ดี ปัญหา งาน เรียน คิด เรื่อง คำถาม คำตอบ \
      ความรัก ครอบครัว ตอนเช้า ตอนเย็น ใหม่
      """),
    separator: "",
    pauses: [" "],
    pauseRate: 0.15,
    terminators: [""],
    speakers: ["สมชาย", "สมหญิง", "ประยุทธ", "มาลี", "วิชัย"],
    planted: keywords(
      frequent: ("ทะเล", ["ทะเล"]),
      rare: ("ช้าง", ["ช้าง"]),
      absent: "ตุ๊กแก"))

  static let emoji = Vocabulary(
    words: words(
      """
      the 👍 and 😂 to ❤️ it 🔥 you 👍🏽 so is 😀 this 🙏🏼 that ✨ we great 🚀 love \
      👨‍👩‍👧 team 👩‍💻 see 🇯🇵 good 🇺🇸 yes 🇫🇷 wow 😅 hmm 🤔 nice 💯 👋🏿 🏳️‍🌈 \
      🧑🏽‍🚀 👩🏻‍🤝‍👨🏾 🇧🇷 🇮🇳 haha 😭 👀 thanks 🙌🏻 ok 💪🏾 party 🍕 ☕ 🌍
      """),
    terminators: ["", "!", "."],
    isCased: true,
    speakers: ["Alex", "Sam", "Jordan", "Riley", "Taylor"],
    planted: keywords(
      frequent: ("🎉", ["🎉"]),
      rare: ("🦄", ["🦄"]),
      absent: "🪐"))

  /// Only the speakers and planted keywords; mixed rows take their words from the
  /// other scripts.
  static let mixed = Vocabulary(
    words: [],
    speakers: ["Alice", "王伟", "Анна", "أحمد", "प्रिया", "佐藤"],
    planted: keywords(
      frequent: ("zephyr", ["zephyr", "Zephyr", "ZEPHYR"]),
      rare: ("麒麟", ["麒麟"]),
      absent: "ψυχαγωγία"))

  private static func words(_ list: String) -> [String] {
    list.split(whereSeparator: \.isWhitespace).map(String.init)
  }
}
